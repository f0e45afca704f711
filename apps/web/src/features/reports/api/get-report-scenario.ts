import { Scenario } from "@costflow/contract/models";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * The selected scenario: its currency is the one every report figure is shown in (docs/reports.md,
 * "Screens").
 */
function getReportScenario(id: number): Promise<Scenario> {
  return api.get(`model/scenarios/${id}/`, undefined, { schema: Scenario });
}

function useReportScenario(id: number) {
  return useQuery(
    queryOptions({
      queryKey: ["report", "scenario", id],
      queryFn: () => getReportScenario(id),
      staleTime: 60_000,
    }),
  );
}

/** The scenario's currency, or null while it loads (figures then show as plain amounts). */
export function useReportCurrency(id: number): string | null {
  return useReportScenario(id).data?.currency ?? null;
}
