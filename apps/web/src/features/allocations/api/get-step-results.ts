import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export type ResultRow = Record<string, unknown>;

export const STEP_RESULTS_KEY = ["allocation", "results"] as const;

export function getStepResults(path: string, scenario: number, params: PageParams) {
  return fetchPageOrEmpty<ResultRow>(path, {
    scenario,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering,
  });
}
