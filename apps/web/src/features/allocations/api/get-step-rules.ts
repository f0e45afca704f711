import { RULES_PATH, type StepNumber } from "../../../lib/api/step-endpoints";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

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
