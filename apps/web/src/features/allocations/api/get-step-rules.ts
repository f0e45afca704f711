import {
  AccountAllocation,
  ActivityAllocation,
  CalculatedDriverAllocation,
  CostPoolAllocation,
  DimensionAllocation,
  DirectAllocation,
} from "@costflow/contract/allocation";
import type { ZodType } from "zod";
import { RULES_PATH, type StepNumber } from "../../../lib/api/step-endpoints";
import { fetchPageOrEmpty, type PageParams, type TotalledPage } from "../../../lib/paged";

/** Each step's rule row in the contract: a row of its list and the answer of its POST and PATCH. */
export interface RuleRows {
  1: AccountAllocation;
  2: CostPoolAllocation;
  3: DirectAllocation;
  4: ActivityAllocation;
  5: DimensionAllocation;
  6: CalculatedDriverAllocation;
}
export type RuleRow = RuleRows[StepNumber];

export const RULE_ROWS: { [S in StepNumber]: ZodType<RuleRows[S]> } = {
  1: AccountAllocation,
  2: CostPoolAllocation,
  3: DirectAllocation,
  4: ActivityAllocation,
  5: DimensionAllocation,
  6: CalculatedDriverAllocation,
};

export const STEP_RULES_KEY = ["allocation", "rules"] as const;

export function getStepRules<S extends StepNumber>(
  step: S,
  scenario: number,
  params: PageParams,
): Promise<TotalledPage<RuleRows[S]>> {
  return fetchPageOrEmpty(
    RULES_PATH[step],
    { scenario, limit: params.limit, offset: params.offset, ordering: params.ordering },
    RULE_ROWS[step],
  );
}
