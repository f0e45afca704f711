import { StopResponse } from "@costflow/contract/calculation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api-client";
import { LATEST_CALCULATION_KEY } from "./get-latest-calculation";

function stopCalculation(calculationId: number | string) {
  return api.post(
    "calculation/calculations/stop-calculation/",
    { calculation_id: calculationId },
    { schema: StopResponse },
  );
}

export function useStopCalculation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopCalculation,
    // After a cancel the latest calculation is reloaded.
    onSettled: () => queryClient.invalidateQueries({ queryKey: LATEST_CALCULATION_KEY }),
  });
}
