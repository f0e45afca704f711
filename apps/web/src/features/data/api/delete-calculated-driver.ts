import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CALCULATED_DRIVERS_KEY } from "./get-calculated-drivers";

/** DELETE dimension/calculated-drivers/{id}/ */
export function useDeleteCalculatedDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`dimension/calculated-drivers/${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALCULATED_DRIVERS_KEY }),
  });
}
