import { Calculation } from "@costflow/contract/calculation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError } from "../api-client";
import { isActive } from "../calculation-status";
import { fetchPage } from "../paged";

export type LatestCalculation =
  | { kind: "none" }
  | { kind: "error" }
  | { kind: "found"; calculation: Calculation; finished: boolean };

export const LATEST_CALCULATION_KEY = ["calculation", "latest"] as const;

/**
 * Only the latest calculation entry is used and only FINISHED counts (docs/calculation.md, "Which
 * results a view shows"). A 404 means "No calculation found"; any other failure "Error, something
 * happen...".
 */
async function getLatestCalculation(scenario: number, category: string): Promise<LatestCalculation> {
  try {
    const page = await fetchPage(
      "calculation/calculations/",
      { scenario, category, ordering: "-requested_at", limit: 1, offset: 0 },
      Calculation,
    );
    const calculation = page.results[0];
    if (!calculation) return { kind: "none" };
    return { kind: "found", calculation, finished: calculation.calculation_status === "FINISHED" };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: "none" };
    return { kind: "error" };
  }
}

export function useLatestCalculation(scenario: number, category: string) {
  return useQuery(
    queryOptions({
      queryKey: [...LATEST_CALCULATION_KEY, scenario, category],
      queryFn: () => getLatestCalculation(scenario, category),
      // Follow a run that is still moving; stop polling once it has settled.
      refetchInterval: (query) => {
        const data = query.state.data;
        return data?.kind === "found" && isActive(data.calculation.calculation_status) ? 2000 : false;
      },
    }),
  );
}
