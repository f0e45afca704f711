import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SCENARIOS_KEY } from "../../../lib/api/get-scenarios";
import { api } from "../../../lib/api-client";
import type { Scenario } from "../../../lib/api-types";
import { SCENARIO_COPY_NAME_MAX } from "../../../lib/constants";

export interface DuplicateInput {
  model: number;
  scenario_id: number | number[];
  stepsToDuplicate: number[];
  name?: string;
  description?: string;
  period_from?: string;
  period_to?: string;
  currency?: string;
}

/** Spec 5: with several scenarios each copy is named original + "_copy", cut to 15 characters. */
export function copyName(name: string): string {
  return `${name}_copy`.slice(0, SCENARIO_COPY_NAME_MAX);
}

/** POST model/scenarios/duplicate/ */
export function useDuplicateScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DuplicateInput) =>
      api.post<{ results: Scenario[] }>("model/scenarios/duplicate/", input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SCENARIOS_KEY });
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}
