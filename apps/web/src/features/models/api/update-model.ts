import { Model } from "@costflow/contract/models";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { MODELS_KEY } from "./get-models";

function updateModel({ id, ...patch }: { id: number; name: string; short_description: string }) {
  return api.patch(`models/${id}/`, patch, { schema: Model });
}

export function useUpdateModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateModel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MODELS_KEY }),
  });
}
