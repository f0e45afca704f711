import { WaterfallReport } from "@costflow/contract/reports";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { REPORT_DATA_KEY, readReport } from "./read-report";

/** GET report/waterfall/: the P&L bridge of a dimension's total or of one record. */
function getReportWaterfall(scenario: number, dimension: number, record?: number | null) {
  return readReport(
    "report/waterfall/",
    {
      scenario,
      dimension,
      record: record ?? undefined,
    },
    WaterfallReport,
  );
}

function reportWaterfallOptions(scenario: number, dimension: number | null, record?: number | null) {
  return queryOptions({
    queryKey: [...REPORT_DATA_KEY, "waterfall", scenario, dimension, record ?? null],
    queryFn: () => getReportWaterfall(scenario, dimension!, record),
    enabled: dimension !== null,
  });
}

export function useReportWaterfall(scenario: number, dimension: number | null, record?: number | null) {
  return useQuery(reportWaterfallOptions(scenario, dimension, record));
}
