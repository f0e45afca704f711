import { Calculation } from "@costflow/contract/calculation";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export const CALCULATIONS_KEY = ["calculation", "list"] as const;

/** GET calculation/calculations/?scenario&category */
export function getCalculations(scenario: number, category: string | null, params: PageParams) {
  return fetchPageOrEmpty(
    "calculation/calculations/",
    {
      scenario,
      category: category ?? undefined,
      limit: params.limit,
      offset: params.offset,
      ordering: params.ordering ?? "-requested_at",
    },
    Calculation,
  );
}
