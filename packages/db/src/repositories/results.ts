import type { Database } from "../client.ts";
import { detailResultsRepository } from "./results/detail-results.ts";
import { recordTotalsRepository } from "./results/record-totals.ts";
import { runMetaRepository } from "./results/run-meta.ts";
import { runWritesRepository } from "./results/run-writes.ts";
import { stepResultsRepository } from "./results/step-results.ts";

// Result rows of calculation runs (schema/results.ts). Writing: one run's rows go in with COPY
// inside the transaction that also turns the run FINISHED (the caller's), so results appear all at
// once or not at all. Reading: every query names the company and the run (`calculation_id`, the
// root row of the run that is the latest FINISHED of the category asked for).
//
// One repository over the parts in results/: writing and deleting a run's rows (run-writes.ts),
// its meta row (run-meta.ts), the step results of steps 1-4 (step-results.ts), the detail of
// steps 4-6 (detail-results.ts) and the record totals (record-totals.ts, read by position and
// stored ordering in record-positions.ts). Every page of a run's step results is remembered per
// run (run-read-cache.ts): immutable once the run is FINISHED. Not the detail vectors (tens of
// millions of numbers at L) nor anything that names model data.

export { type Chunks, copyBytes } from "./results/copy-bytes.ts";
export type { PushRow } from "./results/detail-results.ts";
export { ORDER_FIELDS, type OrderField, orderKind } from "./results/record-positions.ts";
export type { RunMeta } from "./results/run-meta.ts";
export type { ResultTable, RunReports, TablePayload } from "./results/run-writes.ts";

export function resultsRepository(db: Database) {
  return {
    ...runWritesRepository(db),
    ...runMetaRepository(db),
    ...stepResultsRepository(db),
    ...detailResultsRepository(db),
    ...recordTotalsRepository(db),
  };
}
