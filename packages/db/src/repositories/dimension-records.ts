import type { Database } from "../client.ts";
import { recordListRepository } from "./dimension-records/record-list.ts";
import { recordRowsRepository } from "./dimension-records/records.ts";

// Records (the spec's dimension records and transactions, one store) of one dimension in one
// scenario: single records by id or identifier and their changes (dimension-records/records.ts),
// and the lists built for a million records (record-list.ts).

export { escapeLike, type RecordOrder } from "./dimension-records/record-list.ts";
export type { DimensionRecord, FieldValues } from "./dimension-records/records.ts";

export function dimensionRecordsRepository(db: Database) {
  return {
    ...recordRowsRepository(db),
    ...recordListRepository(db),
  };
}
