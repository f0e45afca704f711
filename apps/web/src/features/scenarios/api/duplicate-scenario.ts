import { DuplicatedScenarios } from "@costflow/contract/models";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SCENARIOS_KEY } from "../../../lib/api/get-scenarios";
import { api } from "../../../lib/api-client";

interface DuplicateInput {
  model: number;
  scenario_id: number | number[];
  stepsToDuplicate: number[];
  name?: string;
  description?: string;
  period_from?: string;
  period_to?: string;
  currency?: string;
}

/** With several scenarios each copy is named original + "_copy", cut to 15 characters. */
export { scenarioCopyName as copyName } from "@costflow/contract/models";

/** POST model/scenarios/duplicate/ */
export function useDuplicateScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DuplicateInput) =>
      api.post("model/scenarios/duplicate/", input, { schema: DuplicatedScenarios }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SCENARIOS_KEY });
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}
