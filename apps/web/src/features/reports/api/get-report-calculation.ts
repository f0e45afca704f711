import { Calculation } from "@costflow/contract/calculation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { fetchPage } from "../../../lib/paged";

type ReportCalculationState = "none" | "finished" | "pending" | "error";

/** GET report/calculation/?scenario — only the latest entry, only FINISHED counts. */
async function getReportCalculationState(scenario: number): Promise<ReportCalculationState> {
  try {
    const page = await fetchPage(
      "report/calculation/",
      { scenario, ordering: "-requested_at", limit: 1 },
      Calculation,
    );
    const latest = page.results[0];
    if (!latest) return "none";
    return latest.calculation_status === "FINISHED" ? "finished" : "pending";
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return "none";
    return "error";
  }
}

export function useReportCalculationState(scenario: number | null) {
  return useQuery(
    queryOptions({
      queryKey: ["report", "calculation", scenario],
      queryFn: () => getReportCalculationState(scenario ?? 0),
      enabled: scenario !== null,
    }),
  );
}
