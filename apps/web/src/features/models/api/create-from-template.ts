import { CreatedModel, type ModelTemplateId } from "@costflow/contract/models";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { MODELS_KEY } from "./get-models";

/** POST models/ {template}: a copy of the template's data, rules and one scenario. */
function createFromTemplate(input: { template: ModelTemplateId; name?: string }): Promise<CreatedModel> {
  return api.post("models/", input.name ? input : { template: input.template }, { schema: CreatedModel });
}

export function useCreateFromTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFromTemplate,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: MODELS_KEY });
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}
