import type { Database } from "../client.ts";
import { reportRecordsRepository } from "./report-data/report-records.ts";

// What GET calculation/summary/ streams from a run's report data (schema/report-data.ts): the
// per-record parts of the results summary, read page by page in record order (a page is a range
// of record numbers: one or a few blocks of report_records), so a summary of millions of records
// is never held whole.

type Filter = { companyId: number; calculationId: number };

/** The part of a record each section of the summary prints. */
export type SummarySection = "records" | "pnl" | "profit";

export interface SummaryRecordRow {
  recordNo: number;
  identifier: string;
  /** records: [cost, unallocated]; pnl: the first `lines` values; profit: [profit]. Minor units. */
  values: number[];
}

export function reportSummaryRepository(db: Database) {
  const records = reportRecordsRepository(db);
  return {
    /** One page of a dimension's records after record number `after`, in record order. */
    async page(
      f: Filter,
      dimensionId: number,
      section: SummarySection,
      options: { after: number; limit: number; lines: number },
    ): Promise<SummaryRecordRow[]> {
      const from = options.after + 1;
      const page = await records.recordRange(f, dimensionId, from, from + options.limit - 1, false);
      return page.map((r) => ({
        recordNo: r.recordNo,
        identifier: r.identifier,
        values:
          section === "records"
            ? [r.cost, r.unallocated]
            : section === "pnl"
              ? r.values.slice(0, options.lines)
              : [r.profit],
      }));
    },
  };
}
