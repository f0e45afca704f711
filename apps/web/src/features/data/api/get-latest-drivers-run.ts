import { DriversCalculation } from "@costflow/contract/calculated-drivers";
import { useQuery } from "@tanstack/react-query";
import { isActive } from "../../../lib/calculation-status";
import { fetchPage } from "../../../lib/paged";
import { CALCULATED_DRIVERS_KEY } from "./get-calculated-drivers";

const DRIVER_RUNS_KEY = [...CALCULATED_DRIVERS_KEY, "runs"] as const;

/** The latest run of the scenario, polled every 2 s while it is not over. */
export function useLatestDriversRun(scenario: number) {
  return useQuery({
    queryKey: [...DRIVER_RUNS_KEY, scenario],
    queryFn: async () => {
      const page = await fetchPage(
        `transactional-data/calculations/${scenario}`,
        { ordering: "-requested_at", limit: 1, offset: 0 },
        DriversCalculation,
        "items",
      );
      return page.results[0] ?? null;
    },
    refetchInterval: (query) => (isActive(query.state.data?.status) ? 2000 : false),
  });
}
