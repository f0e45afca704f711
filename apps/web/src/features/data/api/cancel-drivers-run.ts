import { CancelCalculateResult } from "@costflow/contract/transactional-data";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CALCULATED_DRIVERS_KEY } from "./get-calculated-drivers";

/** POST .../scenario/{id}/cancel-calculate {task_id, calculation_id} */
export function useCancelDriversRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { scenario: number; calculation_id: number; task_id: string | null }) =>
      api.post(
        `transactional-data/calculated-drivers/scenario/${input.scenario}/cancel-calculate`,
        { calculation_id: input.calculation_id, task_id: input.task_id },
        { schema: CancelCalculateResult },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALCULATED_DRIVERS_KEY }),
  });
}
