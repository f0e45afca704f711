import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { CostModel } from "../../../lib/api-types";
import { MODELS_KEY } from "./get-models";

function createModel(input: { name: string; short_description: string }): Promise<CostModel> {
  return api.post<CostModel>("models/", input);
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
