import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export type LineCategory = "ACT" | "FOR" | "DRI" | "AGG";

export interface ReportLine {
  id: number;
  description: string;
  formula: string | null;
  factor: number;
  activity: number | null;
  category: LineCategory;
  parent: number | null;
  rank: number;
  code: string;
  calculated_driver_id: number | null;
  dimension: number | null;
  model: number;
  /** Depth in the tree (0 for a root line); the list comes in tree order. */
  level?: number;
  activity_name?: string | null;
  calculated_driver_name?: string | null;
}

export const REPORT_LINES_KEY = ["report", "lines"] as const;

export function getReportLines(model: number, params: PageParams) {
  return fetchPageOrEmpty<ReportLine>("report/lines/", {
    model,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering ?? "rank",
  });
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
