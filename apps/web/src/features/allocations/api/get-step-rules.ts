import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";
import { RULES_PATH, type StepNumber } from "./step-endpoints";

export type RuleRow = Record<string, unknown> & { id: number };

export const STEP_RULES_KEY = ["allocation", "rules"] as const;

export function getStepRules(step: StepNumber, scenario: number, params: PageParams) {
  return fetchPageOrEmpty<RuleRow>(RULES_PATH[step], {
    scenario,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering,
  });
}
