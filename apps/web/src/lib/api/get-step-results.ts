import { fetchPageOrEmpty, type PageParams, type TotalledPage } from "../paged";
import type { ResultEndpoint, ResultRow } from "./step-endpoints";

export type { ResultRow } from "./step-endpoints";

export const STEP_RESULTS_KEY = ["allocation", "results"] as const;

/** A page of a result view, checked against the view's row in development builds. */
export function getStepResults<R extends ResultRow>(
  endpoint: ResultEndpoint<R>,
  scenario: number,
  params: PageParams,
  filters: Record<string, number | string | undefined> = {},
): Promise<TotalledPage<R>> {
  return fetchPageOrEmpty(
    endpoint.path,
    { ...filters, scenario, limit: params.limit, offset: params.offset, ordering: params.ordering },
    endpoint.row,
  );
}
