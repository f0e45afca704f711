import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../client.ts";
import { resultRecords } from "../../schema/results.ts";
import { bytesView } from "../report-data/report-sql.ts";
import { runRead } from "../run-read-cache.ts";
import { type Filter, resultReads } from "./run-reads.ts";

// Reads of a run's record totals by record number: records are numbered 0..n-1 per dimension in
// identifier order, so a page's positions name its records, either directly (identifier order) or
// through a stored ordering of a total (step 0 of result_vectors, apps/api/src/worker/record-order.ts).

/** The record totals with stored orderings (written by apps/api/src/worker/record-order.ts). */
export const ORDER_FIELDS = ["amount", "cost", "unallocated", "profit"] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];
/** The result_vectors kind (step 0) of an ordering. */
export const orderKind = (field: string) => `ORDER:${field}`;

export type RecordRow = typeof resultRecords.$inferSelect;
export type Window = { offset: number; limit: number };
/** Record numbers `from`..`to` (inclusive) of one dimension, read ascending or descending. */
export type Segment = { dimensionId: number; from: number; to: number; descending: boolean };

export function recordPositionReads(db: Database) {
  const { execute } = resultReads(db);

  /**
   * Records per dimension of a run (one dimension, or all in dimension order), from the highest
   * record number; undefined when some rows have no dimension (deleted since), whose numbers
   * may repeat.
   */
  function dimensionSizes(f: Filter, dimension: number | undefined) {
    return runRead(db, f, `sizes:${dimension ?? ""}`, () => readDimensionSizes(f, dimension));
  }

  async function readDimensionSizes(f: Filter, dimension: number | undefined) {
    const last = (d: SQL) => sql`(select r.record_no from result_records r where r.company_id = ${f.companyId}
      and r.calculation_id = ${f.calculationId} and r.dimension_id = ${d} order by r.record_no desc limit 1)`;
    if (dimension !== undefined) {
      const [row] = (await execute(sql`select ${last(sql`${dimension}`)} as last`)).rows;
      return new Map([[dimension, row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1]]);
    }
    const { rows } = await execute(sql`
      with recursive d(id) as (
        select min(dimension_id) from result_records
          where company_id = ${f.companyId} and calculation_id = ${f.calculationId}
        union all
        select (select min(dimension_id) from result_records where company_id = ${f.companyId}
          and calculation_id = ${f.calculationId} and dimension_id > d.id)
        from d where d.id is not null)
      select d.id, ${last(sql`d.id`)} as last,
        exists (select 1 from result_records where company_id = ${f.companyId}
          and calculation_id = ${f.calculationId} and dimension_id is null) as orphans
      from d where d.id is not null order by d.id`);
    if (rows.some((r) => r.orphans === true || r.orphans === "t")) return undefined;
    if (rows.length === 0) {
      const [orphan] = (
        await execute(sql`select 1 as one from result_records where company_id = ${f.companyId}
          and calculation_id = ${f.calculationId} limit 1`)
      ).rows;
      if (orphan) return undefined;
    }
    return new Map(rows.map((r) => [Number(r.id), Number(r.last) + 1]));
  }

  /** Rows of record-number ranges, in the order of the ranges (each ascending or descending). */
  async function recordsAt(f: Filter, segments: Segment[]): Promise<RecordRow[]> {
    const t = resultRecords;
    const parts = await Promise.all(
      segments.map((s) =>
        db
          .select()
          .from(t)
          .where(
            and(
              eq(t.companyId, f.companyId),
              eq(t.calculationId, f.calculationId),
              eq(t.dimensionId, s.dimensionId),
              sql`${t.recordNo} between ${s.from} and ${s.to}`,
            ),
          )
          .orderBy(s.descending ? sql`${t.recordNo} desc` : t.recordNo),
      ),
    );
    return parts.flat();
  }

  /** Record numbers at a page's positions of a stored ordering; undefined when there is none. */
  async function orderedRecordNos(
    f: Filter,
    dimension: number,
    field: string,
    n: number,
    window: Window,
    descending: boolean,
  ): Promise<number[] | undefined> {
    const take = Math.max(0, Math.min(window.limit, n - window.offset));
    const from = descending ? n - window.offset - take : window.offset;
    const to = from + take; // exclusive
    // The block size is kept in each row's links (links[1]); positions p are in block p / size,
    // at p - block * size of the block's record numbers: 4-byte big-endian integers in `bytes`
    // (apps/api/src/worker/record-order.ts), or, for runs made before, elements of `amounts`.
    const { rows } = await execute(sql`
      with b as (
        select v.links[1] as size from result_vectors v
        where v.company_id = ${f.companyId} and v.calculation_id = ${f.calculationId} and v.step = 0
          and v.kind = ${orderKind(field)} and v.source_no = 0 and v.dimension_id = ${dimension}),
      s as (
        select v.source_no, v.amounts, v.bytes, greatest(0, ${from} - v.source_no * b.size) as first,
          least(b.size, ${to} - v.source_no * b.size) as stop
        from result_vectors v, b
        where v.company_id = ${f.companyId} and v.calculation_id = ${f.calculationId} and v.step = 0
          and v.kind = ${orderKind(field)} and v.dimension_id = ${dimension}
          and v.source_no between ${from}::int / b.size and greatest(0, ${to}::int - 1) / b.size)
      select s.source_no,
        case when s.bytes is null then s.amounts[s.first + 1:s.stop] end as nos,
        substring(s.bytes from 4 * s.first + 1 for 4 * greatest(0, s.stop - s.first)) as nos_bytes
      from s order by s.source_no`);
    if (rows.length === 0) return undefined;
    const nos = rows.flatMap((r) => {
      if (r.nos_bytes === null || r.nos_bytes === undefined)
        return (r.nos as (string | number)[] | null)?.map(Number) ?? [];
      const view = bytesView(r.nos_bytes);
      return Array.from({ length: view.byteLength / 4 }, (_, i) => view.getUint32(4 * i));
    });
    return descending ? nos.reverse() : nos;
  }

  /**
   * Records by number, in the order given: one index probe each (a lateral lookup; with
   * `record_no = any(...)` the planner, misled by fresh unanalysed rows, scanned the dimension).
   */
  async function recordsByNo(f: Filter, dimension: number, nos: number[]): Promise<RecordRow[]> {
    if (nos.length === 0) return [];
    const { rows } = await execute(sql`
      select r.company_id as "companyId", r.calculation_id as "calculationId", r.dimension_id as "dimensionId",
        r.record_no as "recordNo", r.identifier, r.resting, r.cost, r.unallocated,
        r.not_allocated as "notAllocated", r.profit
      from unnest(${`{${nos.join(",")}}`}::int[]) with ordinality as u(no, at)
      cross join lateral (select * from result_records x where x.company_id = ${f.companyId}
        and x.calculation_id = ${f.calculationId} and x.dimension_id = ${dimension} and x.record_no = u.no
        limit 1) r
      order by u.at`);
    return rows.map((r) => ({
      companyId: Number(r.companyId),
      calculationId: Number(r.calculationId),
      dimensionId: r.dimensionId === null ? null : Number(r.dimensionId),
      recordNo: Number(r.recordNo),
      identifier: String(r.identifier),
      resting: Number(r.resting),
      cost: Number(r.cost),
      unallocated: Number(r.unallocated),
      notAllocated: Number(r.notAllocated),
      profit: r.profit === null ? null : Number(r.profit),
    }));
  }

  return { dimensionSizes, recordsAt, orderedRecordNos, recordsByNo };
}

/** Positions [offset, offset + limit) of the concatenated ranges, as (dimension, first, last) runs. */
export function positional(
  dims: { dimensionId: number; n: number }[],
  window: Window,
  descending: boolean,
): Segment[] {
  const ordered = descending ? [...dims].reverse() : dims;
  const out: Segment[] = [];
  let skip = window.offset;
  let want = window.limit;
  for (const { dimensionId, n } of ordered) {
    if (want <= 0) break;
    if (skip >= n) {
      skip -= n;
      continue;
    }
    const take = Math.min(want, n - skip);
    const from = descending ? n - skip - take : skip;
    out.push({ dimensionId, from, to: from + take - 1, descending });
    want -= take;
    skip = 0;
  }
  return out;
}
