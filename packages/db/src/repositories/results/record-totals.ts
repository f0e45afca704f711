import { and, eq, type SQL, sql, count as sqlCount } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../client.ts";
import { resultRecords } from "../../schema/results.ts";
import type { PageRequest, PageResult } from "../paging.ts";
import { runRead } from "../run-read-cache.ts";
import { type Filter, resultReads } from "./run-reads.ts";

// The record totals of a run (step 5 view, result_records) and their stored orderings (step 0 of
// result_vectors). Records are numbered 0..n-1 per dimension in identifier order, so most pages
// are read by position instead of sorted.

/** The record totals with stored orderings (written by apps/api/src/worker/record-order.ts). */
export const ORDER_FIELDS = ["amount", "cost", "unallocated", "profit"] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];
/** The result_vectors kind (step 0) of an ordering. */
export const orderKind = (field: string) => `ORDER:${field}`;

type RecordRow = typeof resultRecords.$inferSelect;
type Window = { offset: number; limit: number };
/** Record numbers `from`..`to` (inclusive) of one dimension, read ascending or descending. */
type Segment = { dimensionId: number; from: number; to: number; descending: boolean };

export function recordTotalsRepository(db: Database) {
  const { execute, paged } = resultReads(db);
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
    // The block size is kept in each row's links (links[1]); positions p are in block p / size.
    const { rows } = await execute(sql`
      with b as (
        select v.links[1] as size from result_vectors v
        where v.company_id = ${f.companyId} and v.calculation_id = ${f.calculationId} and v.step = 0
          and v.kind = ${orderKind(field)} and v.source_no = 0 and v.dimension_id = ${dimension})
      select v.source_no,
        v.amounts[greatest(1, ${from} - v.source_no * b.size + 1):least(b.size, ${to} - v.source_no * b.size)] as nos
      from result_vectors v, b
      where v.company_id = ${f.companyId} and v.calculation_id = ${f.calculationId} and v.step = 0
        and v.kind = ${orderKind(field)} and v.dimension_id = ${dimension}
        and v.source_no between ${from}::int / b.size and greatest(0, ${to}::int - 1) / b.size
      order by v.source_no`);
    if (rows.length === 0) return undefined;
    const nos = rows.flatMap((r) => (r.nos as (string | number)[] | null)?.map(Number) ?? []);
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

  /**
   * A page of record totals read by record number, without sorting: by position (the default
   * order, and `transaction_id` within one dimension) or from the dimension's stored ordering of a
   * total. Undefined when the page must be sorted in SQL.
   */
  async function readByNumber(
    f: Filter,
    dimension: number | undefined,
    sizes: Map<number, number>,
    field: string | undefined,
    descending: boolean,
    window: Window,
  ): Promise<RecordRow[] | undefined> {
    if (field === undefined || (field === "transaction_id" && dimension !== undefined)) {
      const segments = positional(
        [...sizes].map(([dimensionId, n]) => ({ dimensionId, n })),
        window,
        field === undefined ? false : descending,
      );
      return recordsAt(f, segments);
    }
    if (dimension !== undefined && (ORDER_FIELDS as readonly string[]).includes(field)) {
      const n = sizes.get(dimension) ?? 0;
      const nos = await orderedRecordNos(f, dimension, field, n, window, descending);
      if (nos) return recordsByNo(f, dimension, nos);
    }
    return undefined;
  }

  /** A page of record totals sorted in SQL; `count` when the numbers' range already gave it. */
  function readSorted(
    f: Filter,
    dimension: number | undefined,
    field: string | undefined,
    descending: boolean,
    count: number | undefined,
    p: PageRequest,
  ): Promise<PageResult<RecordRow>> {
    const t = resultRecords;
    const conditions: SQL[] = [eq(t.companyId, f.companyId), eq(t.calculationId, f.calculationId)];
    if (dimension !== undefined) conditions.push(eq(t.dimensionId, dimension));
    const where = and(...conditions);
    const sortable: Record<string, AnyPgColumn | SQL> = {
      transaction_id: sql`${t.identifier} collate "C"`,
      amount: t.resting,
      cost: t.cost,
      unallocated: t.unallocated,
      profit: t.profit,
    };
    const key = field === undefined ? undefined : sortable[field];
    const keys = [...(key ? [key] : []), t.dimensionId, t.recordNo];
    return paged(
      (limit, offset) =>
        db
          .select()
          .from(t)
          .where(where)
          .orderBy(...keys.map((k) => (descending && key ? sql`${k} desc` : sql`${k}`)))
          .limit(limit)
          .offset(offset),
      async () => {
        if (count !== undefined) return count;
        const [row] = await db.select({ n: sqlCount() }).from(t).where(where);
        return row?.n ?? 0;
      },
      p,
    );
  }

  /**
   * Record totals (step 5 view). Records are numbered 0..n-1 per dimension in identifier order,
   * so the default order (dimension, record) and `transaction_id` within a dimension are read by
   * position, and the count is the numbers' range; a dimension's order by a total is read by
   * position from the run's stored ordering (step 0 of result_vectors) when it has one. Other
   * requests sort in SQL. A descending order is the exact reverse of the ascending one (ties
   * by dimension and record, descending).
   */
  async function readRecords(
    f: Filter,
    filter: { dimension?: number | undefined },
    p: PageRequest,
  ): Promise<PageResult<RecordRow>> {
    const descending = p.ordering?.startsWith("-") ?? false;
    const field = p.ordering?.replace(/^-/, "") || undefined;
    const sizes = await dimensionSizes(f, filter.dimension);
    const count = sizes ? [...sizes.values()].reduce((a, b) => a + b, 0) : undefined;
    if (sizes && count !== undefined) {
      const window = { offset: p.offset, limit: p.limit };
      const rows = await readByNumber(f, filter.dimension, sizes, field, descending, window);
      if (rows) return { rows, count };
    }
    return readSorted(f, filter.dimension, field, descending, count, p);
  }

  return {
    /** A page of record totals (one dimension or all); read once per run and page (run-read-cache.ts). */
    records(
      f: Filter,
      filter: { dimension?: number | undefined },
      p: PageRequest,
    ): Promise<PageResult<RecordRow>> {
      const key = `records:${filter.dimension ?? ""}:${p.ordering ?? ""}:${p.offset}:${p.limit}`;
      return runRead(db, f, key, () => readRecords(f, filter, p));
    },
  };
}

/** Positions [offset, offset + limit) of the concatenated ranges, as (dimension, first, last) runs. */
function positional(
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
