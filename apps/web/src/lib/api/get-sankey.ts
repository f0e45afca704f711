import { Sankey } from "@costflow/contract/calculation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { readScenarioReport, SCENARIO_REPORT_KEY } from "./read-scenario-report";

export type { Sankey };

/** GET calculation/sankey/?scenario: null before the first finished run. */
export function useSankey(scenario: number) {
  return useQuery(
    queryOptions({
      queryKey: [...SCENARIO_REPORT_KEY, "sankey", scenario],
      queryFn: () => readScenarioReport("calculation/sankey/", scenario, Sankey),
    }),
  );
}
