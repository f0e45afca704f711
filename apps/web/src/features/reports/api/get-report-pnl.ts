import { PnlReport } from "@costflow/contract/reports";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { REPORT_DATA_KEY, readReport } from "./read-report";

interface PnlParams {
  scenario: number;
  dimension: number;
  limit: number;
  offset: number;
  ordering?: string;
  search?: string;
}

/** GET report/pnl/: a page of records with every P&L line, profit, cost and margin, and the totals. */
function getReportPnl(p: PnlParams) {
  return readReport("report/pnl/", { ...p }, PnlReport);
}

export function reportPnlOptions(p: PnlParams | null) {
  return queryOptions({
    queryKey: [...REPORT_DATA_KEY, "pnl", p],
    queryFn: () => getReportPnl(p!),
    enabled: p !== null,
    placeholderData: keepPreviousData,
  });
}

export function useReportPnl(p: PnlParams | null) {
  return useQuery(reportPnlOptions(p));
}
