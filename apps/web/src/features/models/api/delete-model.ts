import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { forgetDeleted } from "../../../lib/app-context";
import { MODELS_KEY } from "./get-models";

async function deleteModel(id: number): Promise<void> {
  await api.delete(`models/${id}/`);
  forgetDeleted("model", id);
}

export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModel,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: MODELS_KEY });
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}
