import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export interface CalculationListRow {
  calculation_id?: number | string;
  id?: number;
  category?: string;
  calculation_status?: string;
  status?: string;
  requested_at?: string;
  started_at?: string | null;
  finished_at?: string | null;
  requested_by_user?: string | { email?: string } | null;
}

export const CALCULATIONS_KEY = ["calculation", "list"] as const;

/** Spec 7: GET calculation/calculations/?scenario&category */
export function getCalculations(scenario: number, category: string | null, params: PageParams) {
  return fetchPageOrEmpty<CalculationListRow>("calculation/calculations/", {
    scenario,
    category: category ?? undefined,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering ?? "-requested_at",
  });
}
