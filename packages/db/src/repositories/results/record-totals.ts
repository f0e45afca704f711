import { and, eq, type SQL, sql, count as sqlCount } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../client.ts";
import { resultRecords } from "../../schema/results.ts";
import type { PageRequest, PageResult } from "../paging.ts";
import { runRead } from "../run-read-cache.ts";
import {
  ORDER_FIELDS,
  positional,
  type RecordRow,
  recordPositionReads,
  type Window,
} from "./record-positions.ts";
import { type Filter, resultReads } from "./run-reads.ts";

// The record totals of a run (step 5 view, result_records). Records are numbered 0..n-1 per
// dimension in identifier order, so most pages are read by position (record-positions.ts) instead
// of sorted.

export function recordTotalsRepository(db: Database) {
  const { paged } = resultReads(db);
  const { dimensionSizes, recordsAt, orderedRecordNos, recordsByNo } = recordPositionReads(db);

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
