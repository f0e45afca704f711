import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StepNumber } from "../../../lib/api/step-endpoints";
import { api } from "../../../lib/api-client";
import { STEP_RULES_KEY } from "./get-step-rules";
import { STEP_SOURCES_KEY } from "./get-step-sources";
import { createPath, deletePath, type RuleType, updatePath } from "./rule-paths";

interface SaveRuleInput {
  step: StepNumber;
  /** null: CREATE (POST); a rule id: UPDATE (PATCH). */
  id: number | null;
  type?: RuleType;
  body: Record<string, unknown>;
}

function saveRule({ step, id, type, body }: SaveRuleInput) {
  return id === null
    ? api.post<unknown>(createPath(step, type), body)
    : api.patch<unknown>(updatePath(step, id, type), body);
}

function deleteRule(input: { step: StepNumber; id: number }) {
  return api.delete(deletePath(input.step, input.id));
}

function useRefreshRules() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: STEP_RULES_KEY });
    void queryClient.invalidateQueries({ queryKey: STEP_SOURCES_KEY });
  };
}

export function useSaveRule() {
  const refresh = useRefreshRules();
  return useMutation({ mutationFn: saveRule, onSuccess: refresh });
}

export function useDeleteRule() {
  const refresh = useRefreshRules();
  return useMutation({ mutationFn: deleteRule, onSuccess: refresh });
}
