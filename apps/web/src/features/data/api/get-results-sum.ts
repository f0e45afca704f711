import { ResultsSum } from "@costflow/contract/transactional-data";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CALCULATED_DRIVERS_KEY } from "./get-calculated-drivers";

/** GET .../results-sum/{scenario}[?dimension] */
export function useResultsSum(scenario: number, dimension: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...CALCULATED_DRIVERS_KEY, "results-sum", scenario, dimension],
    queryFn: () =>
      api.get(
        `transactional-data/calculated-drivers/results-sum/${scenario}`,
        dimension ? { dimension } : undefined,
        {
          schema: ResultsSum,
        },
      ),
    enabled,
    retry: false,
  });
}
