import { ReportLine, type ReportLineCategory } from "@costflow/contract/report-lines";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export type LineCategory = ReportLineCategory;
export type { ReportLine };

export const REPORT_LINES_KEY = ["report", "lines"] as const;

export function getReportLines(model: number, params: PageParams) {
  return fetchPageOrEmpty(
    "report/lines/",
    { model, limit: params.limit, offset: params.offset, ordering: params.ordering ?? "rank" },
    ReportLine,
  );
}

export function useAllReportLines(model: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...REPORT_LINES_KEY, "all", model],
      queryFn: () => getReportLines(model ?? 0, { limit: 100, offset: 0 }),
      enabled: model !== null,
    }),
  );
}
