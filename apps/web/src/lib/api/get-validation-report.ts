import { ValidationReport } from "@costflow/contract/calculation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { readScenarioReport, SCENARIO_REPORT_KEY } from "./read-scenario-report";

export type { ValidationReport };

/** GET calculation/validation-report/?scenario: null before the first finished run. */
export function useValidationReport(scenario: number) {
  return useQuery(
    queryOptions({
      queryKey: [...SCENARIO_REPORT_KEY, "validation", scenario],
      queryFn: () => readScenarioReport("calculation/validation-report/", scenario, ValidationReport),
    }),
  );
}
