import { CalculationLog } from "@costflow/contract/calculation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { fetchPage } from "../../../lib/paged";

/** GET calculation/logs/?calculation (newest first; the first item tells how the run ended). */
async function getCalculationLogs(calculation: number | string): Promise<CalculationLog[]> {
  try {
    const page = await fetchPage("calculation/logs/", { calculation, limit: 100, offset: 0 }, CalculationLog);
    return page.results;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function useCalculationLogs(calculation: number | string | null, live = false) {
  return useQuery(
    queryOptions({
      queryKey: ["calculation", "logs", calculation],
      queryFn: () => getCalculationLogs(calculation ?? ""),
      enabled: calculation !== null,
      refetchInterval: live ? 2000 : false,
    }),
  );
}
