import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { fetchPage } from "../../../lib/paged";

export interface CalculationLog {
  detail?: string;
}

/** Spec 7: GET calculation/logs/?calculation — the detail of the first item is read. */
export async function getCalculationLog(calculation: number | string): Promise<string | null> {
  try {
    const page = await fetchPage<CalculationLog>("calculation/logs/", { calculation });
    return page.results[0]?.detail ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useCalculationLog(calculation: number | string | null) {
  return useQuery(
    queryOptions({
      queryKey: ["calculation", "logs", calculation],
      queryFn: () => getCalculationLog(calculation ?? ""),
      enabled: calculation !== null,
    }),
  );
}
