import { TreemapReport } from "@costflow/contract/reports";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { REPORT_DATA_KEY, readReport } from "./read-report";

interface TreemapParams {
  scenario: number;
  dimension: number;
  dimension2?: number;
  /** A line code or "cost". */
  measure: string;
  limit: number;
}

/** GET report/treemap/: nested nodes; beyond `limit` children the rest is one 'Others (n)' node. */
function getReportTreemap(p: TreemapParams) {
  return readReport("report/treemap/", { ...p }, TreemapReport);
}

function reportTreemapOptions(p: TreemapParams | null) {
  return queryOptions({
    queryKey: [...REPORT_DATA_KEY, "treemap", p],
    queryFn: () => getReportTreemap(p!),
    enabled: p !== null,
    placeholderData: keepPreviousData,
  });
}

export function useReportTreemap(p: TreemapParams | null) {
  return useQuery(reportTreemapOptions(p));
}
