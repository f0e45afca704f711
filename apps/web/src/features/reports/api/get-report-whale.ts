import { WhaleReport } from "@costflow/contract/reports";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { REPORT_DATA_KEY, readReport } from "./read-report";

/** GET report/whale/: the whale curve of a dimension, downsampled for drawing. */
function getReportWhale(scenario: number, dimension: number) {
  return readReport("report/whale/", { scenario, dimension }, WhaleReport);
}

function reportWhaleOptions(scenario: number, dimension: number | null) {
  return queryOptions({
    queryKey: [...REPORT_DATA_KEY, "whale", scenario, dimension],
    queryFn: () => getReportWhale(scenario, dimension!),
    enabled: dimension !== null,
  });
}

export function useReportWhale(scenario: number, dimension: number | null) {
  return useQuery(reportWhaleOptions(scenario, dimension));
}
