import { GenerateSecondStepResult } from "@costflow/contract/allocation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { STEP_RULES_KEY } from "./get-step-rules";
import { STEP_SOURCES_KEY } from "./get-step-sources";

/** POST cost-pool-allocations/generate/: replaces every step-2 rule of the scenario. */
export function useGenerateSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { scenario: number; destinations: number[]; driver: number | null }) =>
      api.post("allocation/cost-pool-allocations/generate/", body, { schema: GenerateSecondStepResult }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: STEP_RULES_KEY });
      void queryClient.invalidateQueries({ queryKey: STEP_SOURCES_KEY });
    },
  });
}
