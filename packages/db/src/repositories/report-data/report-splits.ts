import { sql } from "drizzle-orm";
import type { Database } from "../../client.ts";
import { bytesView, type Filter, rawExecute } from "./report-sql.ts";

// The tree map splits of a run (report_splits): what each first-level record holds per record of
// a second dimension.

interface SplitRow {
  recordNo: number;
  /** -1: the totals of a record whose parts were not all kept (schema/report-data.ts). */
  record2No: number;
  /** Minor units of the column asked for. */
  value: number;
  /** With record2No -1: the parts of that column that are not zero. */
  count: number | null;
}

export function reportSplitsRepository(db: Database) {
  const execute = rawExecute(db);

  return {
    /**
     * Tree map splits of the given first-level records over the second dimension: the value at
     * `column` (0-based; -1 = the last, cost) of each of their kept parts, sliced in the database
     * from the row's measure-by-measure values (reading every line took seconds for thousands of
     * parts), and a row numbered -1 with the total and count of all the parts of a record whose
     * parts were not all kept.
     */
    async splits(
      f: Filter,
      dimensionId: number,
      dimension2Id: number,
      recordNos: readonly number[],
      column: number,
    ): Promise<SplitRow[]> {
      if (recordNos.length === 0) return [];
      // The measure: `column`, or the last one (the row's width is its values' length over parts).
      const m = column < 0 ? sql`(length(x.values) / (8 * x.parts) - 1)` : sql`${column}::int`;
      // One index probe per record (a lateral lookup, kept apart by `offset 0`): otherwise the
      // planner, misled by freshly copied unanalysed rows, may hash all the pair's rows.
      const { rows } = await execute(sql`
        select s.record_no, s.parts, s.record2_nos,
          substring(s.values from 8 * s.parts * s.m + 1 for 8 * s.parts) as value_bytes,
          s.totals[s.m + 1] as total, s.counts[s.m + 1] as count
        from unnest(${`{${recordNos.join(",")}}`}::int[]) as u(no)
        cross join lateral (select x.record_no, x.parts, x.record2_nos, x.values, x.totals, x.counts,
            ${m} as m
          from report_splits x where x.company_id = ${f.companyId}
          and x.calculation_id = ${f.calculationId} and x.dimension_id = ${dimensionId}
          and x.dimension2_id = ${dimension2Id} and x.record_no = u.no offset 0) s`);
      const out: SplitRow[] = [];
      for (const r of rows) {
        const recordNo = Number(r.record_no);
        const parts = Number(r.parts);
        const nos = bytesView(r.record2_nos);
        const values = bytesView(r.value_bytes);
        for (let p = 0; p < parts; p++) {
          const value = values.getInt32(8 * p) * 4294967296 + values.getUint32(8 * p + 4);
          out.push({ recordNo, record2No: nos.getInt32(4 * p), value, count: null });
        }
        if (r.total !== null && r.total !== undefined) {
          out.push({ recordNo, record2No: -1, value: Number(r.total), count: Number(r.count ?? 0) });
        }
      }
      return out;
    },

    /** Whether the run has splits for this pair of dimensions. */
    async hasSplits(f: Filter, dimensionId: number, dimension2Id: number): Promise<boolean> {
      const { rows } = await execute(sql`
        select 1 as one from report_splits where company_id = ${f.companyId}
          and calculation_id = ${f.calculationId} and dimension_id = ${dimensionId}
          and dimension2_id = ${dimension2Id} limit 1`);
      return rows.length > 0;
    },
  };
}
