import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../client.ts";
import type { PageRequest, PageResult } from "../paging.ts";
import { runRead } from "../run-read-cache.ts";

// What the readers of a run's result rows share: the run they name, pages with their totals, raw
// SQL, and the per-run cache of immutable reads.

/** The company and the run (`calculation_id`, the root row of the run) every read names. */
export type Filter = { companyId: number; calculationId: number };

/** A page of result rows with the sums of its adding columns over the whole filtered set (minor units). */
export type TotalledPage<T> = PageResult<T> & { totals: Record<string, number> };

/** `count(*)` and `coalesce(sum(col), 0)` of each column, as one select list. */
function countAndSums(columns: Record<string, AnyPgColumn | SQL>) {
  return {
    n: sql<number>`count(*)`.mapWith(Number),
    ...Object.fromEntries(
      Object.entries(columns).map(([name, col]) => [
        name,
        sql<number>`coalesce(sum(${col}), 0)`.mapWith(Number),
      ]),
    ),
  } as Record<string, SQL.Aliased<number> | SQL<number>>;
}

export function resultReads(db: Database) {
  /** Raw SQL (both drivers answer `{rows}`). */
  const execute = async (query: SQL) =>
    (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

  async function paged<T>(
    rowsQuery: (limit: number, offset: number) => Promise<T[]>,
    countQuery: () => Promise<number>,
    p: PageRequest,
  ): Promise<PageResult<T>> {
    const [rows, total] = await Promise.all([rowsQuery(p.limit, p.offset), countQuery()]);
    return { rows, count: total };
  }

  /** A page plus the count and column sums of every row `where` selects in `table`. */
  async function totalled<T>(
    rowsQuery: (limit: number, offset: number) => Promise<T[]>,
    table: PgTable,
    where: SQL | undefined,
    sums: Record<string, AnyPgColumn | SQL>,
    p: PageRequest,
  ): Promise<TotalledPage<T>> {
    const [rows, [agg]] = await Promise.all([
      rowsQuery(p.limit, p.offset),
      db.select(countAndSums(sums)).from(table).where(where) as Promise<Record<string, number>[]>,
    ]);
    const { n, ...totals } = agg ?? { n: 0 };
    return { rows, count: Number(n ?? 0), totals: totals as Record<string, number> };
  }

  /** A read of a finished run's rows, remembered per run and arguments (run-read-cache.ts). */
  function byRun<A extends unknown[], R>(name: string, read: (f: Filter, ...args: A) => Promise<R>) {
    return (f: Filter, ...args: A): Promise<R> =>
      runRead(db, f, `${name}:${JSON.stringify(args)}`, () => read(f, ...args));
  }

  return { execute, paged, totalled, byRun };
}
