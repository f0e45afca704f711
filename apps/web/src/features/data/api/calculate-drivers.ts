import { CalculationRequested } from "@costflow/contract/calculated-drivers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CALCULATED_DRIVERS_KEY } from "./get-calculated-drivers";

/** POST transactional-data/calculated-drivers/scenario/{id}/calculate (older page: .../calculate/ {scenario}). */
export function useCalculateDrivers(classic: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scenario: number) =>
      classic
        ? api.post("dimension/calculated-drivers/calculate/", { scenario }, { schema: CalculationRequested })
        : api.post(
            `transactional-data/calculated-drivers/scenario/${scenario}/calculate`,
            {},
            { schema: CalculationRequested },
          ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALCULATED_DRIVERS_KEY }),
  });
}
