import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SCENARIOS_KEY } from "../../../lib/api/get-scenarios";
import { api } from "../../../lib/api-client";
import { forgetDeleted } from "../../../lib/app-context";

async function deleteScenario(id: number): Promise<void> {
  await api.delete(`model/scenarios/${id}/`);
  forgetDeleted("scenario", id);
}

export function useDeleteScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScenario,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SCENARIOS_KEY });
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}
