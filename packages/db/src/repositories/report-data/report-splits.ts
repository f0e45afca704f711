import { sql } from "drizzle-orm";
import type { Database } from "../../client.ts";
import { type Filter, rawExecute } from "./report-sql.ts";

// The tree map splits of a run (report_splits): what each first-level record holds per record of
// a second dimension.

interface SplitRow {
  recordNo: number;
  /** -1: the totals row of a record whose parts were not all kept (schema/report-data.ts). */
  record2No: number;
  /** Minor units of the column asked for. */
  value: number;
  /** On the totals row: the parts of that column that are not zero. */
  count: number | null;
}

export function reportSplitsRepository(db: Database) {
  const execute = rawExecute(db);

  return {
    /**
     * Tree map splits of the given first-level records over the second dimension: the value at
     * `column` (0-based; -1 = the last, cost) of each, picked in the database (the arrays hold
     * every line: reading them whole took seconds for thousands of parts), and the totals rows.
     */
    async splits(
      f: Filter,
      dimensionId: number,
      dimension2Id: number,
      recordNos: readonly number[],
      column: number,
    ): Promise<SplitRow[]> {
      if (recordNos.length === 0) return [];
      const at = column < 0 ? sql`array_length(s.values, 1)` : sql`${column + 1}`;
      // One index range per record (a lateral lookup, kept apart by `offset 0`): otherwise the
      // planner, misled by freshly copied unanalysed rows, hashed all the pair's rows (4 s at L).
      const { rows } = await execute(sql`
        select s.record_no, s.record2_no,
          s.values[${at}] as value, s.counts[${at}] as count
        from unnest(${`{${recordNos.join(",")}}`}::int[]) as u(no)
        cross join lateral (select * from report_splits x where x.company_id = ${f.companyId}
          and x.calculation_id = ${f.calculationId} and x.dimension_id = ${dimensionId}
          and x.dimension2_id = ${dimension2Id} and x.record_no = u.no offset 0) s`);
      return rows.map((r) => ({
        recordNo: Number(r.record_no),
        record2No: Number(r.record2_no),
        value: Number(r.value ?? 0),
        count: r.count === null || r.count === undefined ? null : Number(r.count),
      }));
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
