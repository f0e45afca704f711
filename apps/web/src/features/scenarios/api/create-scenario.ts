import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SCENARIOS_KEY } from "../../../lib/api/get-scenarios";
import { api } from "../../../lib/api-client";
import type { Scenario } from "../../../lib/api-types";

export interface ScenarioInput {
  model: number;
  name: string;
  description: string;
  period_from: string;
  period_to: string;
  currency: string;
}

function createScenario(input: ScenarioInput): Promise<Scenario> {
  return api.post<Scenario>("model/scenarios/", input);
}

export function useCreateScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScenario,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SCENARIOS_KEY });
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}
