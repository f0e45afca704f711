import { useMutation } from "@tanstack/react-query";
import type { ZodType } from "zod";
import type { StepNumber } from "../../../lib/api/step-endpoints";
import { api } from "../../../lib/api-client";
import { RULE_ROWS, type RuleRow } from "./get-step-rules";
import { useInvalidateRules } from "./invalidate-rules";
import { createPath, type RuleType, updatePath } from "./rule-paths";

interface SaveRuleInput {
  step: StepNumber;
  /** null: CREATE (POST); a rule id: UPDATE (PATCH). */
  id: number | null;
  type?: RuleType;
  body: Record<string, unknown>;
}

/** POST or PATCH of a step's rule: the answer is the step's rule row (contract: allocation.ts). */
function saveRule({ step, id, type, body }: SaveRuleInput) {
  const schema: ZodType<RuleRow> = RULE_ROWS[step];
  return id === null
    ? api.post(createPath(step, type), body, { schema })
    : api.patch(updatePath(step, id, type), body, { schema });
}

export function useSaveRule() {
  const invalidate = useInvalidateRules();
  return useMutation({ mutationFn: saveRule, onSuccess: invalidate });
}
