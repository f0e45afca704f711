import { Calculation } from "@costflow/contract/calculation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { LATEST_CALCULATION_KEY, type LatestCalculation } from "../../../lib/api/get-latest-calculation";
import { ApiError } from "../../../lib/api-client";
import { isActive } from "../../../lib/calculation-status";
import { fetchPage } from "../../../lib/paged";

/**
 * The scenario's latest run of any type: the newest row that is a run's own row (a run also
 * writes one row per step it refreshes, each pointing to it as parent).
 */
async function getLatestRun(scenario: number): Promise<LatestCalculation> {
  try {
    const page = await fetchPage(
      "calculation/calculations/",
      { scenario, ordering: "-requested_at", limit: 20, offset: 0 },
      Calculation,
    );
    const calculation = page.results.find((c) => c.parent === null) ?? page.results[0];
    if (!calculation) return { kind: "none" };
    return { kind: "found", calculation, finished: calculation.calculation_status === "FINISHED" };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: "none" };
    return { kind: "error" };
  }
}

export function useLatestRun(scenario: number) {
  return useQuery(
    queryOptions({
      queryKey: [...LATEST_CALCULATION_KEY, scenario, "any"],
      queryFn: () => getLatestRun(scenario),
      // Poll every 2 s while the run is REQUESTED, IN_PROGRESS or ATTEMPTING_TO_STOP.
      refetchInterval: (query) => {
        const data = query.state.data;
        return data?.kind === "found" && isActive(data.calculation.calculation_status) ? 2000 : false;
      },
    }),
  );
}
