import { CreatedModel } from "@costflow/contract/models";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { MODELS_KEY } from "./get-models";

function createModel(input: { name: string; short_description: string }) {
  return api.post("models/", input, { schema: CreatedModel });
}

export function useCreateModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createModel,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: MODELS_KEY });
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}
