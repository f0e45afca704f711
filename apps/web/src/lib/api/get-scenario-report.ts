import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../api-client";
import { fetchPage } from "../paged";

// contract: ValidationReport and Sankey (GET calculation/validation-report/?scenario and
// calculation/sankey/?scenario), both read from the latest finished "all" or reports run.

export interface ValidationStep {
  step: number;
  category: string;
  in: number;
  allocated: number;
  unallocated: number;
  not_allocated: number;
  ok: boolean;
  link: string;
}

export interface ValidationIssue {
  kind: string;
  step: number;
  message_key: string;
  message: string;
  values: Record<string, string | number>;
  amount: number | null;
  link: string;
}

export interface ValidationReport {
  calculation_id: number;
  finished_at: string | null;
  currency: string;
  gl_total: number;
  steps: ValidationStep[];
  reconciliation: {
    gl_total: number;
    on_records: number;
    unallocated: Record<"step1" | "step2" | "step3" | "step4" | "step5", number>;
    not_allocated: number;
    unknown_accounts: number;
    difference: number;
    ok: boolean;
  };
  issues: ValidationIssue[];
  warnings: string[];
}

export interface SankeyNode {
  id: string;
  level: "account" | "pool" | "activity" | "dimension";
  code: string | null;
  name: string | null;
  kind: "item" | "other" | "unallocated";
  members: number;
  value: number;
}

export interface Sankey {
  calculation_id: number;
  currency: string;
  nodes: SankeyNode[];
  links: { source: string; target: string; value: number }[];
}

/**
 * null: no calculation found; other failures throw ('Error, something happen...'). The report is
 * asked for only once a run has calculated the reports: before the first calculation the 404 it
 * would answer showed in the browser console as an error (walkthrough, issue 12).
 */
async function read<T>(path: string, scenario: number): Promise<T | null> {
  const done = await fetchPage("calculation/calculations/", {
    scenario,
    category: "REPORTS",
    status: "FINISHED",
    limit: 1,
    offset: 0,
  });
  if (done.count === 0) return null;
  try {
    return await api.get<T>(path, { scenario });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const SCENARIO_REPORT_KEY = ["results"] as const;

export function useValidationReport(scenario: number) {
  return useQuery(
    queryOptions({
      queryKey: [...SCENARIO_REPORT_KEY, "validation", scenario],
      queryFn: () => read<ValidationReport>("calculation/validation-report/", scenario),
    }),
  );
}

export function useSankey(scenario: number) {
  return useQuery(
    queryOptions({
      queryKey: [...SCENARIO_REPORT_KEY, "sankey", scenario],
      queryFn: () => read<Sankey>("calculation/sankey/", scenario),
    }),
  );
}
