import { Scenario } from "@costflow/contract/models";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SCENARIOS_KEY } from "../../../lib/api/get-scenarios";
import { api } from "../../../lib/api-client";
import type { ScenarioInput } from "./create-scenario";

function updateScenario({ id, ...patch }: { id: number } & Partial<Omit<ScenarioInput, "model">>) {
  return api.patch(`model/scenarios/${id}/`, patch, { schema: Scenario });
}

export function useUpdateScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScenario,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCENARIOS_KEY }),
  });
}
