import { Activity, type CreateActivity } from "@costflow/contract/activities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { ACTIVITIES_KEY } from "./get-activities";

type ActivityInput = Omit<CreateActivity, "model"> & { model: number };

/** POST activities/?model or PATCH activities/{id}/ with the whole form. */
export function useSaveActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ActivityInput & { id?: number }) =>
      id
        ? api.patch(`activities/${id}/`, body, { schema: Activity })
        : api.post("activities/", body, { params: { model: body.model }, schema: Activity }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACTIVITIES_KEY }),
  });
}
