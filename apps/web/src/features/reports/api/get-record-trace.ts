import { queryOptions, useQuery } from "@tanstack/react-query";
import { REPORT_DATA_KEY, readReport } from "./read-report";
import type { RecordTrace } from "./report-types";

/** GET report/records/{id}/trace/?scenario: the record's cost by activity, pool and account. */
function getRecordTrace(record: number, scenario: number) {
  return readReport<RecordTrace>(`report/records/${record}/trace/`, { scenario });
}

function recordTraceOptions(record: number | null, scenario: number) {
  return queryOptions({
    queryKey: [...REPORT_DATA_KEY, "trace", record, scenario],
    queryFn: () => getRecordTrace(record!, scenario),
    enabled: record !== null,
  });
}

export function useRecordTrace(record: number | null, scenario: number) {
  return useQuery(recordTraceOptions(record, scenario));
}
