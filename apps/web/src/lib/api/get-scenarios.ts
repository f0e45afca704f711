import { Scenario } from "@costflow/contract/models";
import { fetchPage, type PageParams } from "../paged";

export const SCENARIOS_KEY = ["scenarios"] as const;

export function getScenarios(model: number, params: PageParams) {
  return fetchPage(
    "model/scenarios/",
    { model, limit: params.limit, offset: params.offset, ordering: params.ordering ?? "-created_at" },
    Scenario,
  );
}
