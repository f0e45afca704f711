import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";

// What GET calculation/summary/ streams from a run's report data (schema/report-data.ts): the
// per-record parts of the results summary, read page by page in record order (the index
// report_records_idx), so a summary of millions of records is never held whole.

type Filter = { companyId: number; calculationId: number };

/** The part of a record each section of the summary prints. */
export type SummarySection = "records" | "pnl" | "profit";

export interface SummaryRecordRow {
  recordNo: number;
  identifier: string;
  /** records: [cost, unallocated]; pnl: the first `lines` values; profit: [profit]. Minor units. */
  values: number[];
}

const FIELDS: Record<SummarySection, (lines: number) => ReturnType<typeof sql>> = {
  records: () => sql`array[cost, coalesce(unallocated, 0)]`,
  pnl: (lines) => sql`values[1:${lines}]`,
  profit: () => sql`array[profit]`,
};

export function reportSummaryRepository(db: Database) {
  return {
    /** One page of a dimension's records after record number `after`, in record order. */
    async page(
      f: Filter,
      dimensionId: number,
      section: SummarySection,
      options: { after: number; limit: number; lines: number },
    ): Promise<SummaryRecordRow[]> {
      // One row of JSON text per page: JSON.parse of it costs a fraction of 20,000 row objects
      // with a parsed bigint[] each (the summary of an L run reads 18 M rows).
      const { rows } = (await db.execute(sql`
        select coalesce(json_agg(json_build_array(p.record_no, p.identifier, p.v) order by p.record_no), '[]')::text
          as page
        from (select record_no, identifier, ${FIELDS[section](options.lines)} as v
          from report_records
          where company_id = ${f.companyId} and calculation_id = ${f.calculationId}
            and dimension_id = ${dimensionId} and record_no > ${options.after}
          order by record_no limit ${options.limit}) p`)) as unknown as { rows: { page: string }[] };
      const page = JSON.parse(rows[0]?.page ?? "[]") as [number, string, number[]][];
      return page.map(([recordNo, identifier, values]) => ({ recordNo, identifier, values }));
    },
  };
}
