import type { Activity, ActivityDeleteImpact, CreateActivity } from "@costflow/contract/activities";
import type { CostPool } from "@costflow/contract/cost";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { fetchPage } from "../../../lib/paged";
import { ACTIVITIES_KEY } from "./get-activities";

export type ActivityInput = Omit<CreateActivity, "model"> & { model: number };

/** POST activities/?model or PATCH activities/{id}/ with the whole form. */
export function useSaveActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ActivityInput & { id?: number }) =>
      id
        ? api.patch<Activity>(`activities/${id}/`, body)
        : api.post<Activity>("activities/", body, { params: { model: body.model } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACTIVITIES_KEY }),
  });
}

/** What deleting an activity would take with it, summed over the model's scenarios. */
export function getDeleteImpact(id: number): Promise<ActivityDeleteImpact> {
  return api.get<ActivityDeleteImpact>(`activities/${id}/delete-impact/`);
}

/** DELETE activities/{id}/?confirm=true (the server refuses a delete without the confirmation). */
export function useDeleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`activities/${id}/?confirm=true`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACTIVITIES_KEY }),
  });
}

/** Every cost pool of the model, for selects (GET cost/pools/?model). */
export function useModelCostPools(model: number) {
  return useQuery({
    queryKey: ["data", "cost-pools", "options", model],
    queryFn: () =>
      fetchPage<CostPool>("cost/pools/", { model, limit: 100, offset: 0, ordering: "identifier" }),
  });
}
