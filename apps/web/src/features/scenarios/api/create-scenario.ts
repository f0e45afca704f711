import { Scenario } from "@costflow/contract/models";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SCENARIOS_KEY } from "../../../lib/api/get-scenarios";
import { api } from "../../../lib/api-client";

export interface ScenarioInput {
  model: number;
  name: string;
  description: string;
  period_from: string;
  period_to: string;
  currency: string;
}

function createScenario(input: ScenarioInput): Promise<Scenario> {
  return api.post("model/scenarios/", input, { schema: Scenario });
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
