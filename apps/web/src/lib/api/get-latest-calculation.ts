import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError } from "../api-client";
import { fetchPage } from "../paged";

export interface CalculationRow {
  calculation_id?: number | string;
  id?: number;
  calculation_status?: string;
  status?: string;
  requested_at?: string;
  started_at?: string | null;
  finished_at?: string | null;
  requested_by_user?: string | { email?: string; first_name?: string; last_name?: string } | null;
  task_id?: string;
  /** 0..1 while the run moves. */
  progress?: number;
  progress_message?: string;
  parent?: number | null;
  category?: string;
  error?: { code: string; message: string } | null;
}

export type LatestCalculation =
  | { kind: "none" }
  | { kind: "error" }
  | { kind: "found"; calculation: CalculationRow; finished: boolean };

export const ACTIVE = new Set(["REQUESTED", "IN_PROGRESS", "ATTEMPTING_TO_STOP"]);

export const LATEST_CALCULATION_KEY = ["calculation", "latest"] as const;

export function statusOf(c: CalculationRow): string {
  return String(c.calculation_status ?? c.status ?? "").toUpperCase();
}

/**
 * Spec 4: only the latest calculation entry is used and only FINISHED counts. A 404 means
 * "No calculation found"; any other failure "Error, something happen...".
 */
export async function getLatestCalculation(scenario: number, category: string): Promise<LatestCalculation> {
  try {
    const page = await fetchPage<CalculationRow>("calculation/calculations/", {
      scenario,
      category,
      ordering: "-requested_at",
      limit: 1,
      offset: 0,
    });
    const calculation = page.results[0];
    if (!calculation) return { kind: "none" };
    return { kind: "found", calculation, finished: statusOf(calculation) === "FINISHED" };
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
        return data?.kind === "found" && ACTIVE.has(statusOf(data.calculation)) ? 2000 : false;
      },
    }),
  );
}
