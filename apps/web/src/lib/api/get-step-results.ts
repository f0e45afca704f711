import { fetchPageOrEmpty, type PageParams } from "../paged";

export type ResultRow = Record<string, unknown>;

export const STEP_RESULTS_KEY = ["allocation", "results"] as const;

export function getStepResults(
  path: string,
  scenario: number,
  params: PageParams,
  filters: Record<string, number | string | undefined> = {},
) {
  return fetchPageOrEmpty<ResultRow>(path, {
    ...filters,
    scenario,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering,
  });
}
