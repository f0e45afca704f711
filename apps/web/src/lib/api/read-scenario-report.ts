// What GET calculation/validation-report/?scenario and calculation/sankey/?scenario share: both
// read the latest finished "all" or reports run (get-validation-report.ts, get-sankey.ts).
import { Calculation } from "@costflow/contract/calculation";
import type { ZodType } from "zod";
import { ApiError, api } from "../api-client";
import { fetchPage } from "../paged";

/**
 * null: no calculation found; other failures throw ('Error, something happen...'). The report is
 * asked for only once a run has calculated the reports: before the first calculation the 404 it
 * would answer showed in the browser console as an error (walkthrough, issue 12).
 */
export async function readScenarioReport<T>(
  path: string,
  scenario: number,
  schema: ZodType<T>,
): Promise<T | null> {
  const done = await fetchPage(
    "calculation/calculations/",
    { scenario, category: "REPORTS", status: "FINISHED", limit: 1, offset: 0 },
    Calculation,
  );
  if (done.count === 0) return null;
  try {
    return await api.get(path, { scenario }, { schema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Query key prefix of the scenario reports. */
export const SCENARIO_REPORT_KEY = ["results"] as const;
