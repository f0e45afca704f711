import type { Database } from "../client.ts";
import { traceDetailRepository } from "./record-trace/detail-entries.ts";
import { traceRecordsRepository } from "./record-trace/records.ts";
import { traceRunRowsRepository } from "./record-trace/run-rows.ts";

// Reads behind a record's trace (docs/reports.md, "Trace"): the record and the records that
// reach it through relationship drivers (record-trace/records.ts), the entries of the detail
// arrays at those records (detail-entries.ts), and the run's record totals, sources, pushes and
// step 1-3 flows (run-rows.ts). Every query names the company (and the run or scenario).

export type { FlowRow } from "./record-trace/run-rows.ts";

export function recordTraceRepository(db: Database) {
  return {
    ...traceRecordsRepository(db),
    ...traceRunRowsRepository(db),
    ...traceDetailRepository(db),
  };
}
