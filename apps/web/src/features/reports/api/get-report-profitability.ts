import { ProfitabilityReport } from "@costflow/contract/reports";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { REPORT_DATA_KEY, readReport } from "./read-report";
import type { ReportSide } from "./report-types";

interface ProfitabilityParams {
  scenario: number;
  dimension: number;
  /** A line code, or a calculated driver's name: exactly one of them. */
  line?: string;
  driver?: string;
  side: ReportSide;
  limit: number;
}

/** GET report/profitability/: the top or bottom N records by a line or a calculated driver. */
function getReportProfitability(p: ProfitabilityParams) {
  return readReport("report/profitability/", { ...p }, ProfitabilityReport);
}

function reportProfitabilityOptions(p: ProfitabilityParams | null) {
  return queryOptions({
    queryKey: [...REPORT_DATA_KEY, "profitability", p],
    queryFn: () => getReportProfitability(p!),
    enabled: p !== null,
    placeholderData: keepPreviousData,
  });
}

export function useReportProfitability(p: ProfitabilityParams | null) {
  return useQuery(reportProfitabilityOptions(p));
}
