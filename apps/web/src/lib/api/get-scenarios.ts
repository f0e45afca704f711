import type { Scenario } from "../api-types";
import { fetchPage, type PageParams } from "../paged";

export const SCENARIOS_KEY = ["scenarios"] as const;

export function getScenarios(model: number, params: PageParams) {
  return fetchPage<Scenario>("model/scenarios/", {
    model,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering ?? "-created_at",
  });
}
