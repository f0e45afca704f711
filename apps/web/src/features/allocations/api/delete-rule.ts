import { useMutation } from "@tanstack/react-query";
import type { StepNumber } from "../../../lib/api/step-endpoints";
import { api } from "../../../lib/api-client";
import { useInvalidateRules } from "./invalidate-rules";
import { deletePath } from "./rule-paths";

/** DELETE of a step's rule (204). */
function deleteRule(input: { step: StepNumber; id: number }) {
  return api.delete(deletePath(input.step, input.id));
}

export function useDeleteRule() {
  const invalidate = useInvalidateRules();
  return useMutation({ mutationFn: deleteRule, onSuccess: invalidate });
}
