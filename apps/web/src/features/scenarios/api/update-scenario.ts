import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SCENARIOS_KEY } from "../../../lib/api/get-scenarios";
import { api } from "../../../lib/api-client";
import type { Scenario } from "../../../lib/api-types";
import type { ScenarioInput } from "./create-scenario";

function updateScenario({ id, ...patch }: { id: number } & Partial<Omit<ScenarioInput, "model">>) {
  return api.patch<Scenario>(`model/scenarios/${id}/`, patch);
}

export function useUpdateScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScenario,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCENARIOS_KEY }),
  });
}
