import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api-client";
import { LATEST_CALCULATION_KEY } from "./get-latest-calculation";

export function stopCalculation(calculationId: number | string) {
  return api.post<unknown>("calculation/calculations/stop-calculation/", { calculation_id: calculationId });
}

export function useStopCalculation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopCalculation,
    // After a cancel the latest calculation is reloaded (spec 4).
    onSettled: () => queryClient.invalidateQueries({ queryKey: LATEST_CALCULATION_KEY }),
  });
}
