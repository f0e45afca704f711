import { CompareReport } from "@costflow/contract/reports";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { REPORT_DATA_KEY, readReport } from "./read-report";

/** Each of scenario, dimension, line is one id/code, or the two compared ("a,b"). */
interface CompareParams {
  scenario: string;
  dimension: string;
  line: string;
  limit: number;
  offset: number;
  ordering?: string;
}

/** GET report/compare/: two scenarios, two dimensions or two lines side by side with variance. */
function getReportCompare(p: CompareParams) {
  return readReport("report/compare/", { ...p }, CompareReport);
}

function reportCompareOptions(p: CompareParams | null) {
  return queryOptions({
    queryKey: [...REPORT_DATA_KEY, "compare", p],
    queryFn: () => getReportCompare(p!),
    enabled: p !== null,
    placeholderData: keepPreviousData,
  });
}

export function useReportCompare(p: CompareParams | null) {
  return useQuery(reportCompareOptions(p));
}
