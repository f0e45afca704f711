import { Sankey, ValidationReport } from "@costflow/contract/calculation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ZodType } from "zod";
import { ApiError, api } from "../api-client";
import { fetchPage } from "../paged";

// GET calculation/validation-report/?scenario and calculation/sankey/?scenario, both read from the
// latest finished "all" or reports run.
export type {
  Sankey,
  ValidationReport,
} from "@costflow/contract/calculation";

/**
 * null: no calculation found; other failures throw ('Error, something happen...'). The report is
 * asked for only once a run has calculated the reports: before the first calculation the 404 it
 * would answer showed in the browser console as an error (walkthrough, issue 12).
 */
async function read<T>(path: string, scenario: number, schema: ZodType<T>): Promise<T | null> {
  const done = await fetchPage("calculation/calculations/", {
    scenario,
    category: "REPORTS",
    status: "FINISHED",
    limit: 1,
    offset: 0,
  });
  if (done.count === 0) return null;
  try {
    return await api.get(path, { scenario }, { schema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const SCENARIO_REPORT_KEY = ["results"] as const;

export function useValidationReport(scenario: number) {
  return useQuery(
    queryOptions({
      queryKey: [...SCENARIO_REPORT_KEY, "validation", scenario],
      queryFn: () => read("calculation/validation-report/", scenario, ValidationReport),
    }),
  );
}

export function useSankey(scenario: number) {
  return useQuery(
    queryOptions({
      queryKey: [...SCENARIO_REPORT_KEY, "sankey", scenario],
      queryFn: () => read("calculation/sankey/", scenario, Sankey),
    }),
  );
}
