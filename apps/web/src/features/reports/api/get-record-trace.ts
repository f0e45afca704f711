import { RecordTrace } from "@costflow/contract/report-trace";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { REPORT_DATA_KEY, readReport } from "./read-report";

/** GET report/records/{id}/trace/?scenario: the record's cost by activity, pool and account. */
function getRecordTrace(record: number, scenario: number) {
  return readReport(`report/records/${record}/trace/`, { scenario }, RecordTrace);
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
