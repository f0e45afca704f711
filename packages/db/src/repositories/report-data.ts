import type { Database } from "../client.ts";
import { reportRecordsRepository } from "./report-data/report-records.ts";
import { reportRunsRepository } from "./report-data/report-runs.ts";
import { reportSplitsRepository } from "./report-data/report-splits.ts";

// The report data of report runs (schema/report-data.ts; docs/calculation.md, "Report data").
// Writing: inside the transaction that finishes the run's REPORTS rows, the dimension rows with an
// insert and the per-record tables with COPY. Reading: every query names the company and the run
// (the latest FINISHED REPORTS run of the scenario, resolved by the caller).
//
// One repository over the parts in report-data/: the run's data as a whole and its dimension rows
// (report-runs.ts), the per-record data (report-records.ts) and the tree map splits
// (report-splits.ts).

export {
  columnsOf,
  RECORD_BLOCK,
  type ReportRecord,
  recordBytes,
  recordsOf,
} from "./report-data/record-blocks.ts";
export type { ReportDataPayload, ReportDimensionRow, ReportTable } from "./report-data/report-runs.ts";

export function reportDataRepository(db: Database) {
  return {
    ...reportRunsRepository(db),
    ...reportRecordsRepository(db),
    ...reportSplitsRepository(db),
  };
}
