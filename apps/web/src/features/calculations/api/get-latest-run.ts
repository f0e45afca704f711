import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  ACTIVE,
  type CalculationRow,
  LATEST_CALCULATION_KEY,
  type LatestCalculation,
  statusOf,
} from "../../../lib/api/get-latest-calculation";
import { ApiError } from "../../../lib/api-client";
import { fetchPage } from "../../../lib/paged";

/**
 * The scenario's latest run of any type: the newest row that is a run's own row (a run also
 * writes one row per step it refreshes, each pointing to it as parent).
 */
export async function getLatestRun(scenario: number): Promise<LatestCalculation> {
  try {
    const page = await fetchPage<CalculationRow>("calculation/calculations/", {
      scenario,
      ordering: "-requested_at",
      limit: 20,
      offset: 0,
    });
    const calculation =
      page.results.find((c) => c.parent === null || c.parent === undefined) ?? page.results[0];
    if (!calculation) return { kind: "none" };
    return { kind: "found", calculation, finished: statusOf(calculation) === "FINISHED" };
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
        return data?.kind === "found" && ACTIVE.has(statusOf(data.calculation)) ? 2000 : false;
      },
    }),
  );
}
