import { once } from "node:events";
import { and, desc, eq, inArray, type SQL, sql, count as sqlCount } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { from as copyFrom } from "pg-copy-streams";
import type { Database, Executor } from "../client.ts";
import { calculations } from "../schema/calculations.ts";
import { scenarios } from "../schema/models.ts";
import {
  calculationResults,
  resultAllocations,
  resultPushes,
  resultRecords,
  resultSources,
  resultTimeDriven,
  resultUnallocated,
} from "../schema/results.ts";
import { quoteIdentifier } from "./model-data/copy-text.ts";
import { withConnection } from "./model-data/raw-client.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";
import { forgetRun, runRead } from "./run-read-cache.ts";

// Result rows of calculation runs (schema/results.ts). Writing: one run's rows go in with COPY
// inside the transaction that also turns the run FINISHED (the caller's), so results appear all at
// once or not at all. Reading: every query names the company and the run (`calculation_id`, the
// root row of the run that is the latest FINISHED of the category asked for).

/** The record totals with stored orderings (written by apps/api/src/worker/record-order.ts). */
export const ORDER_FIELDS = ["amount", "cost", "unallocated", "profit"] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];
/** The result_vectors kind (step 0) of an ordering. */
export const orderKind = (field: string) => `ORDER:${field}`;

export type ResultTable =
  | "result_allocations"
  | "result_sources"
  | "result_time_driven"
  | "result_pushes"
  | "result_vectors"
  | "result_unallocated"
  | "result_records";

/** One table's rows as COPY text bytes (UTF-8; company_id and calculation_id in each line). */
export interface TablePayload {
  table: ResultTable;
  columns: readonly string[];
  chunks: readonly Uint8Array[];
}

/**
 * COPY of ready-made COPY text bytes into `table`, on the transaction's connection:
 * COPY FROM STDIN on PostgreSQL (with backpressure), COPY FROM a blob per chunk on PGlite.
 * `chunks` may be a generator: the report data is produced while it is copied (report-data.ts).
 */
export async function copyBytes(
  tx: Executor,
  table: string,
  columns: readonly string[],
  chunks: Iterable<Uint8Array>,
) {
  const target = `${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(", ")})`;
  await withConnection(tx, async (raw) => {
    if (raw.kind === "pglite") {
      // One COPY per piece: a piece must end with a whole row, and a writer's chunk may end
      // inside one (CopyWriter starts a new chunk when the current one is full).
      const copy = (blob: Blob) => raw.client.query(`COPY ${target} FROM '/dev/blob'`, [], { blob });
      let carry: Uint8Array = new Uint8Array(0);
      for (const chunk of chunks) {
        const end = chunk.lastIndexOf(10);
        if (end < 0) {
          carry = Buffer.concat([carry, chunk]);
          continue;
        }
        await copy(new Blob([carry, chunk.subarray(0, end + 1)]));
        carry = Uint8Array.from(chunk.subarray(end + 1));
      }
      if (carry.length) await copy(new Blob([carry]));
      return;
    }
    const stream = raw.client.query(copyFrom(`COPY ${target} FROM STDIN`));
    let failure: Error | null = null;
    const finished = new Promise<void>((resolve) => {
      stream.on("finish", resolve);
      stream.on("error", (error) => {
        failure = error;
        resolve();
      });
    });
    for (const chunk of chunks) {
      if (failure) break;
      if (!stream.write(chunk)) await Promise.race([once(stream, "drain"), finished]);
    }
    if (!failure) stream.end();
    await finished;
    if (failure) throw failure;
  });
}

export interface RunMeta {
  scenarioId: number;
  currency: string;
  minorDigits: number;
  glTotal: number;
  detailLimit: number;
}

/** What a run adds for the reports once its step results are in. */
export interface RunReports {
  /** The results summary without its per-record parts, as JSON text (schema/results.ts). */
  summaryHead: string;
  validation: unknown;
  sankey: unknown;
}

type RunMetaRow = typeof calculationResults.$inferSelect;

/** Where a result page's run stands: no such scenario, no finished run of the category, or the run. */
type LatestRun =
  | { scenario: false }
  | { scenario: true; run: null }
  | { scenario: true; run: { calculationId: number; finishedAt: Date | null; meta: RunMeta | null } };
type AllocationResultRow = typeof resultAllocations.$inferSelect;
type SourceResultRow = typeof resultSources.$inferSelect;
type TimeDrivenResultRow = typeof resultTimeDriven.$inferSelect;
export type PushRow = typeof resultPushes.$inferSelect;
type RecordRow = typeof resultRecords.$inferSelect;

/** The step of each step category (result rows carry the step). */
const STEP_OF: Record<string, number> = {
  ACCOUNT_TO_COST_POOL: 1,
  INDIRECT_COST_POOL_TO_COST_POOL: 2,
  DIRECT_COST_POOL_TO_ACTIVITY: 3,
  ACTIVITY_TO_DIMENSION_DIRECT: 4,
  ACTIVITY_TO_DIMENSION_INDIRECT: 5,
  CALCULATED_DRIVER_TO_DIMENSION: 6,
};

/**
 * Which rows each category shows: a run's rows of a group stay while the run is the latest
 * FINISHED run of one of the group's categories.
 */
const OWNED: { categories: string[]; table: ResultTable; step?: number }[] = [
  ...[1, 2, 3].flatMap((step) => [
    { categories: [categoryOf(step)], table: "result_allocations" as const, step },
    { categories: [categoryOf(step)], table: "result_sources" as const, step },
  ]),
  { categories: ["DIRECT_COST_POOL_TO_ACTIVITY"], table: "result_time_driven" },
  { categories: ["ACTIVITY_TO_DIMENSION_DIRECT"], table: "result_sources", step: 4 },
  ...[4, 5, 6].map((step) => ({ categories: [categoryOf(step)], table: "result_vectors" as const, step })),
  ...[5, 6].flatMap((step) => [
    { categories: [categoryOf(step)], table: "result_pushes" as const, step },
    { categories: [categoryOf(step)], table: "result_unallocated" as const, step },
  ]),
  // Identifiers of the detail arrays (steps 4-6) and the record totals (step 5), with the
  // orderings of the totals (result_vectors step 0).
  ...(["result_records", "result_vectors"] as const).map((table) => ({
    categories: [
      "ACTIVITY_TO_DIMENSION_DIRECT",
      "ACTIVITY_TO_DIMENSION_INDIRECT",
      "CALCULATED_DRIVER_TO_DIMENSION",
    ],
    table,
    ...(table === "result_vectors" ? { step: 0 } : {}),
  })),
];

function categoryOf(step: number): string {
  return Object.keys(STEP_OF).find((c) => STEP_OF[c] === step)!;
}

type Filter = { companyId: number; calculationId: number };

/** A page of result rows with the sums of its adding columns over the whole filtered set (minor units). */
type TotalledPage<T> = PageResult<T> & { totals: Record<string, number> };

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
const page = (p: PageRequest) => ({ limit: p.limit, offset: p.offset });

export function resultsRepository(db: Database) {
  /** Raw SQL (both drivers answer `{rows}`). */
  const execute = async (query: SQL) =>
    (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

  async function paged<T>(
    rowsQuery: (limit: number, offset: number) => Promise<T[]>,
    countQuery: () => Promise<number>,
    p: PageRequest,
  ): Promise<PageResult<T>> {
    const { limit, offset } = page(p);
    const [rows, total] = await Promise.all([rowsQuery(limit, offset), countQuery()]);
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
    const { limit, offset } = page(p);
    const [rows, [agg]] = await Promise.all([
      rowsQuery(limit, offset),
      db.select(countAndSums(sums)).from(table).where(where) as Promise<Record<string, number>[]>,
    ]);
    const { n, ...totals } = agg ?? { n: 0 };
    return { rows, count: Number(n ?? 0), totals: totals as Record<string, number> };
  }

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
  async function recordsAt(
    f: Filter,
    segments: { dimensionId: number; from: number; to: number; descending: boolean }[],
  ): Promise<RecordRow[]> {
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
    window: { offset: number; limit: number },
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

  /** The scenario, its latest FINISHED run of a category and the run's meta, in one query. */
  function latestRunQuery() {
    const c = calculations;
    const latest = db
      .select({ id: c.id, parentId: c.parentId, finishedAt: c.finishedAt })
      .from(c)
      .where(
        and(
          eq(c.companyId, scenarios.companyId),
          eq(c.scenarioId, scenarios.id),
          eq(c.category, sql.placeholder("category")),
          eq(c.status, "FINISHED"),
        ),
      )
      .orderBy(desc(c.finishedAt), desc(c.id))
      .limit(1)
      .as("latest");
    const t = calculationResults;
    return db
      .select({
        runId: latest.id,
        parentId: latest.parentId,
        finishedAt: latest.finishedAt,
        metaScenario: t.scenarioId,
        currency: t.currency,
        minorDigits: t.minorDigits,
        glTotal: t.glTotal,
        detailLimit: t.detailLimit,
      })
      .from(scenarios)
      .leftJoinLateral(latest, sql`true`)
      .leftJoin(
        t,
        and(
          eq(t.companyId, scenarios.companyId),
          eq(t.calculationId, sql`coalesce(${latest.parentId}, ${latest.id})`),
        ),
      )
      .where(
        and(
          eq(scenarios.companyId, sql.placeholder("companyId")),
          eq(scenarios.id, sql.placeholder("scenarioId")),
        ),
      );
  }
  let preparedLatest: ReturnType<ReturnType<typeof latestRunQuery>["prepare"]> | undefined;

  async function readRecords(
    f: Filter,
    filter: { dimension?: number | undefined },
    p: PageRequest,
  ): Promise<PageResult<RecordRow>> {
    const descending = p.ordering?.startsWith("-") ?? false;
    const field = p.ordering?.replace(/^-/, "") || undefined;
    const sizes = await dimensionSizes(f, filter.dimension);
    const count = sizes ? [...sizes.values()].reduce((a, b) => a + b, 0) : undefined;
    const window = { offset: p.offset, limit: p.limit };
    if (sizes && count !== undefined) {
      if (field === undefined || (field === "transaction_id" && filter.dimension !== undefined)) {
        const segments = positional(
          [...sizes].map(([dimensionId, n]) => ({ dimensionId, n })),
          window,
          field === undefined ? false : descending,
        );
        return { rows: await recordsAt(f, segments), count };
      }
      if (filter.dimension !== undefined && (ORDER_FIELDS as readonly string[]).includes(field)) {
        const n = sizes.get(filter.dimension) ?? 0;
        const nos = await orderedRecordNos(f, filter.dimension, field, n, window, descending);
        if (nos) {
          const rows = await recordsByNo(f, filter.dimension, nos);
          return { rows, count };
        }
      }
    }
    const t = resultRecords;
    const conditions: SQL[] = [eq(t.companyId, f.companyId), eq(t.calculationId, f.calculationId)];
    if (filter.dimension !== undefined) conditions.push(eq(t.dimensionId, filter.dimension));
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
  const repository = {
    /** Writes a run's rows and its meta row; call inside the transaction that finishes the run. */
    async writeRun(
      tx: Executor,
      companyId: number,
      calculationId: number,
      meta: RunMeta,
      tables: readonly TablePayload[],
    ): Promise<void> {
      for (const t of tables) {
        if (t.chunks.length) await copyBytes(tx, t.table, t.columns, t.chunks);
      }
      await tx.insert(calculationResults).values({
        companyId,
        calculationId,
        scenarioId: meta.scenarioId,
        currency: meta.currency,
        minorDigits: meta.minorDigits,
        glTotal: meta.glTotal,
        detailLimit: meta.detailLimit,
      });
    },

    /** Adds the report data to a run's meta row (inside the transaction finishing its reports). */
    async writeReports(
      tx: Executor,
      companyId: number,
      calculationId: number,
      reports: RunReports,
    ): Promise<void> {
      await tx
        .update(calculationResults)
        .set({
          summaryHead: reports.summaryHead,
          validation: reports.validation,
          sankey: reports.sankey,
        })
        .where(
          and(
            eq(calculationResults.companyId, companyId),
            eq(calculationResults.calculationId, calculationId),
          ),
        );
    },

    /**
     * Deletes the rows no category shows any more: for each older run of the scenario, the row
     * groups of the categories it is no longer the latest FINISHED run of (all of them: its meta
     * row too). `latest` maps category -> root id of its latest FINISHED run.
     */
    async deleteSuperseded(
      companyId: number,
      scenarioId: number,
      latest: Map<string, number>,
    ): Promise<number> {
      // Runs still going (between their phases) are never touched: their next phase may be
      // committing right now.
      const withRows = await db
        .select({ id: calculationResults.calculationId })
        .from(calculationResults)
        .innerJoin(
          calculations,
          and(
            eq(calculations.companyId, calculationResults.companyId),
            eq(calculations.id, calculationResults.calculationId),
          ),
        )
        .where(
          and(
            eq(calculationResults.companyId, companyId),
            eq(calculationResults.scenarioId, scenarioId),
            inArray(calculations.status, ["FINISHED", "ERROR", "STOPPED"]),
          ),
        );
      let cleaned = 0;
      for (const { id } of withRows) {
        const live = new Set([...latest].filter(([, root]) => root === id).map(([category]) => category));
        for (const group of OWNED) {
          if (group.categories.some((c) => live.has(c))) continue;
          forgetRun(db, { companyId, calculationId: id });
          const step = group.step === undefined ? sql`` : sql` and step = ${group.step}`;
          await db.execute(
            sql`delete from ${sql.identifier(group.table)} where company_id = ${companyId} and calculation_id = ${id}${step}`,
          );
        }
        if (live.size === 0) {
          await db
            .delete(calculationResults)
            .where(
              and(eq(calculationResults.companyId, companyId), eq(calculationResults.calculationId, id)),
            );
          cleaned++;
        } else if (!live.has("REPORTS")) {
          await db
            .update(calculationResults)
            .set({ summaryGz: null, summaryHead: null, validation: null, sankey: null })
            .where(
              and(eq(calculationResults.companyId, companyId), eq(calculationResults.calculationId, id)),
            );
        }
      }
      return cleaned;
    },

    /**
     * The scenario, its latest FINISHED run of `category` (the root run: `parent_id` when the run
     * is a child) and that run's meta row, in one query: every result page starts with it.
     */
    async latestRun(companyId: number, scenarioId: number, category: string): Promise<LatestRun> {
      // Every result page starts here: a named prepared statement, built once (as findScenario).
      preparedLatest ??= latestRunQuery().prepare("costflow_latest_run");
      const [row] = await preparedLatest.execute({ companyId, scenarioId, category });
      if (!row) return { scenario: false };
      if (row.runId === null) return { scenario: true, run: null };
      const meta =
        row.metaScenario === null || row.currency === null || row.minorDigits === null
          ? null
          : {
              scenarioId: row.metaScenario,
              currency: row.currency,
              minorDigits: row.minorDigits,
              glTotal: row.glTotal as number,
              detailLimit: row.detailLimit as number,
            };
      return {
        scenario: true,
        run: { calculationId: row.parentId ?? row.runId, finishedAt: row.finishedAt, meta },
      };
    },

    /**
     * A run's meta row without its report data: every result page reads it, and the summary alone
     * is hundreds of MB at size L.
     */
    async meta(companyId: number, calculationId: number): Promise<RunMeta | undefined> {
      const t = calculationResults;
      const [row] = await db
        .select({
          scenarioId: t.scenarioId,
          currency: t.currency,
          minorDigits: t.minorDigits,
          glTotal: t.glTotal,
          detailLimit: t.detailLimit,
        })
        .from(calculationResults)
        .where(
          and(
            eq(calculationResults.companyId, companyId),
            eq(calculationResults.calculationId, calculationId),
          ),
        );
      return row;
    },

    /** One part of a run's report data (null until its reports are in). */
    async report<K extends "summaryGz" | "summaryHead" | "validation" | "sankey">(
      companyId: number,
      calculationId: number,
      part: K,
    ): Promise<RunMetaRow[K] | null> {
      const t = calculationResults;
      const [row] = await db
        .select({ value: t[part] })
        .from(t)
        .where(and(eq(t.companyId, companyId), eq(t.calculationId, calculationId)));
      return (row?.value ?? null) as RunMetaRow[K] | null;
    },

    async allocations(
      f: Filter,
      step: number,
      filter: { source?: number | undefined; destination?: number | undefined },
      p: PageRequest,
    ): Promise<TotalledPage<AllocationResultRow>> {
      const t = resultAllocations;
      const conditions: SQL[] = [
        eq(t.companyId, f.companyId),
        eq(t.calculationId, f.calculationId),
        eq(t.step, step),
      ];
      if (filter.source !== undefined) conditions.push(eq(t.sourceId, filter.source));
      if (filter.destination !== undefined) conditions.push(eq(t.destinationId, filter.destination));
      const where = and(...conditions);
      const sortable = {
        source_name: t.sourceName,
        destination_name: t.destinationName,
        amount: t.amount,
        original_amount: t.originalAmount,
        allocated_amount: t.allocatedAmount,
        status: t.status,
        id: t.rowNo,
      };
      return totalled(
        (limit, offset) =>
          db
            .select()
            .from(t)
            .where(where)
            .orderBy(...orderBy(p.ordering, sortable, "id", t.rowNo).slice(0, -1), t.rowNo)
            .limit(limit)
            .offset(offset),
        t,
        where,
        { amount: t.amount },
        p,
      );
    },

    async sources(f: Filter, step: number, p: PageRequest): Promise<TotalledPage<SourceResultRow>> {
      const t = resultSources;
      const where = and(eq(t.companyId, f.companyId), eq(t.calculationId, f.calculationId), eq(t.step, step));
      const sortable = {
        source_name: t.sourceName,
        original_amount: t.originalAmount,
        allocated_amount: t.allocatedAmount,
        unallocated_amount: t.unallocatedAmount,
        status: t.status,
        id: t.rowNo,
      };
      return totalled(
        (limit, offset) =>
          db
            .select()
            .from(t)
            .where(where)
            .orderBy(...orderBy(p.ordering, sortable, "id", t.rowNo).slice(0, -1), t.rowNo)
            .limit(limit)
            .offset(offset),
        t,
        where,
        {
          original_amount: t.originalAmount,
          allocated_amount: t.allocatedAmount,
          unallocated_amount: t.unallocatedAmount,
        },
        p,
      );
    },

    /** Step 4 sources by id (for by-line rows naming their activity). */
    async source(f: Filter, step: number, sourceId: number): Promise<SourceResultRow | undefined> {
      const t = resultSources;
      const [row] = await db
        .select()
        .from(t)
        .where(
          and(
            eq(t.companyId, f.companyId),
            eq(t.calculationId, f.calculationId),
            eq(t.step, step),
            eq(t.sourceId, sourceId),
          ),
        );
      return row;
    },

    /** Minor units step 4 allocated to a dimension (over its activities). */
    async allocatedToDimension(f: Filter, dimension: number): Promise<number> {
      const t = resultSources;
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${t.allocatedAmount}), 0)`.mapWith(Number) })
        .from(t)
        .where(
          and(
            eq(t.companyId, f.companyId),
            eq(t.calculationId, f.calculationId),
            eq(t.step, 4),
            eq(t.destinationId, dimension),
          ),
        );
      return row?.total ?? 0;
    },

    /** What each destination received: steps 1-3 from the rows, step 4 from the activities. */
    async destinations(
      f: Filter,
      step: number,
      p: PageRequest,
    ): Promise<
      TotalledPage<{
        destinationId: number | null;
        destinationCode: string;
        destinationName: string;
        amount: number;
        sources: number;
      }>
    > {
      const fromRows = step <= 3;
      const t = fromRows ? resultAllocations : resultSources;
      const destinationId = t.destinationId;
      const destinationCode = fromRows ? resultAllocations.destinationCode : sql<string>`''`;
      const destinationName = fromRows ? resultAllocations.destinationName : resultSources.destinationName;
      const amount = fromRows ? resultAllocations.amount : resultSources.allocatedAmount;
      const where = and(
        eq(t.companyId, f.companyId),
        eq(t.calculationId, f.calculationId),
        eq(t.step, step),
        ...(fromRows ? [] : [sql`${resultSources.destinationId} is not null`]),
      );
      const total = sql<number>`sum(${amount})`.mapWith(Number);
      const name = sql<string>`coalesce(${destinationName}, '')`;
      const sortable: Record<string, AnyPgColumn | SQL> = { destination_name: name, amount: total };
      const order = orderBy(p.ordering, sortable, "destination_name", t.step).slice(0, -1);
      const totals: Record<string, number> = {};
      return paged(
        (limit, offset) =>
          db
            .select({
              destinationId,
              destinationCode: sql<string>`min(${destinationCode})`,
              destinationName: sql<string>`min(${name})`,
              amount: total,
              sources: sql<number>`count(distinct ${t.sourceCode})`.mapWith(Number),
            })
            .from(t)
            .where(where)
            .groupBy(destinationId, name)
            .orderBy(...order, destinationId)
            .limit(limit)
            .offset(offset) as Promise<
            {
              destinationId: number | null;
              destinationCode: string;
              destinationName: string;
              amount: number;
              sources: number;
            }[]
          >,
        async () => {
          const [row] = await db
            .select({
              n: sql<number>`count(distinct (${destinationId}, ${name}))`.mapWith(Number),
              amount: sql<number>`coalesce(sum(${amount}), 0)`.mapWith(Number),
            })
            .from(t)
            .where(where);
          totals.amount = row?.amount ?? 0;
          return row?.n ?? 0;
        },
        p,
      ).then((r) => ({ ...r, totals }));
    },

    async timeDriven(f: Filter, p: PageRequest): Promise<TotalledPage<TimeDrivenResultRow>> {
      const t = resultTimeDriven;
      const where = and(eq(t.companyId, f.companyId), eq(t.calculationId, f.calculationId));
      const sortable = {
        source_name: t.sourceName,
        destination_name: t.destinationName,
        time_driven_amount: t.timeDrivenAmount,
        capacity: t.capacity,
        id: t.rowNo,
      };
      return totalled(
        (limit, offset) =>
          db
            .select()
            .from(t)
            .where(where)
            .orderBy(...orderBy(p.ordering, sortable, "id", t.rowNo).slice(0, -1), t.rowNo)
            .limit(limit)
            .offset(offset),
        t,
        where,
        { time_driven_amount: t.timeDrivenAmount },
        p,
      );
    },

    async pushes(f: Filter, step: number): Promise<PushRow[]> {
      const t = resultPushes;
      return db
        .select()
        .from(t)
        .where(and(eq(t.companyId, f.companyId), eq(t.calculationId, f.calculationId), eq(t.step, step)))
        .orderBy(t.pushNo);
    },

    /**
     * Per-record rows from the detail arrays of a step: the non-zero entries of the arrays of
     * `kinds`, limited to `sourceNos` and one dimension when given, each with its record's
     * identifier and (RECEIVED arrays) its parent's. A page is cut before the identifiers are
     * looked up, so a page of a million-entry array costs one pass over it.
     */
    async vectors(
      f: Filter,
      step: number,
      filter: {
        kinds: readonly string[];
        sourceNos?: readonly number[] | undefined;
        dimension?: number | undefined;
      },
      p: PageRequest,
    ): Promise<
      TotalledPage<{
        sourceNo: number;
        kind: string;
        dimensionId: number | null;
        recordNo: number;
        identifier: string;
        parentIdentifier: string | null;
        amount: number;
      }>
    > {
      const where = sql`v.company_id = ${f.companyId} and v.calculation_id = ${f.calculationId} and v.step = ${step}
        and v.kind in (${sql.join(
          filter.kinds.map((k) => sql`${k}`),
          sql`, `,
        )})${
          filter.sourceNos
            ? sql` and v.source_no in (${sql.join(
                [...filter.sourceNos, -1].map((n) => sql`${n}`),
                sql`, `,
              )})`
            : sql``
        }${filter.dimension !== undefined ? sql` and v.dimension_id = ${filter.dimension}` : sql``}`;
      const entries = sql`select v.source_no, v.kind, v.dimension_id, a.amount, a.no - 1 as record_no,
          case when v.links is null then null else v.links[a.no] end as parent_no
        from result_vectors v, unnest(v.amounts) with ordinality as a(amount, no)
        where ${where} and a.amount <> 0`;
      const descending = p.ordering?.startsWith("-") ?? false;
      const field = p.ordering?.replace(/^-/, "");
      const direction = sql.raw(descending ? "desc" : "asc");
      // Records are numbered in identifier order: ordering by transaction_id is by record_no.
      const orderOn = (alias: string) => {
        const a = sql.raw(alias);
        return field === "amount"
          ? sql`${a}.amount ${direction}, ${a}.source_no, ${a}.dimension_id, ${a}.record_no`
          : field === "transaction_id"
            ? sql`${a}.dimension_id, ${a}.record_no ${direction}, ${a}.source_no`
            : sql`${a}.source_no ${direction}, ${a}.dimension_id, ${a}.record_no`;
      };
      const rows = await execute(sql`
        with e as (${entries}),
        page as (select * from e order by ${orderOn("e")} limit ${p.limit} offset ${p.offset})
        select page.source_no as "sourceNo", page.kind, page.dimension_id as "dimensionId",
          page.record_no as "recordNo", page.amount, r.identifier, pr.identifier as "parentIdentifier"
        from page
        left join result_records r on r.company_id = ${f.companyId} and r.calculation_id = ${f.calculationId}
          and r.dimension_id = page.dimension_id and r.record_no = page.record_no
        left join result_pushes pu on page.parent_no is not null and pu.company_id = ${f.companyId}
          and pu.calculation_id = ${f.calculationId} and pu.step = ${step} and pu.push_no = page.source_no
        left join result_records pr on page.parent_no >= 0 and pr.company_id = ${f.companyId}
          and pr.calculation_id = ${f.calculationId} and pr.dimension_id = pu.parent_id and pr.record_no = page.parent_no
        order by ${orderOn("page")}`);
      const [total] = (
        await execute(sql`select count(*) as n, coalesce(sum(e.amount), 0) as amount from (${entries}) e`)
      ).rows;
      return {
        count: Number(total?.n ?? 0),
        totals: { amount: Number(total?.amount ?? 0) },
        rows: rows.rows.map((r) => ({
          sourceNo: Number(r.sourceNo),
          kind: String(r.kind),
          dimensionId: r.dimensionId === null ? null : Number(r.dimensionId),
          recordNo: Number(r.recordNo),
          identifier: String(r.identifier ?? ""),
          parentIdentifier:
            r.parentIdentifier === null || r.parentIdentifier === undefined
              ? null
              : String(r.parentIdentifier),
          amount: Number(r.amount),
        })),
      };
    },

    /**
     * Step 4: the names of the activities that sent a non-zero amount to each record (for the
     * aggregated view, whose rows sum over activities), keyed `dimension:record`.
     */
    async contributors(
      f: Filter,
      records: readonly { dimensionId: number | null; recordNo: number }[],
    ): Promise<Map<string, string[]>> {
      const wanted = records.filter((r) => r.dimensionId !== null);
      if (wanted.length === 0) return new Map();
      const dims = `{${wanted.map((r) => r.dimensionId).join(",")}}`;
      const nos = `{${wanted.map((r) => r.recordNo).join(",")}}`;
      const { rows } = await execute(sql`
        select u.dimension_id, u.record_no, array_agg(s.source_name order by s.row_no) as names
        from unnest(${dims}::int[], ${nos}::int[]) as u(dimension_id, record_no)
        join result_vectors v on v.company_id = ${f.companyId} and v.calculation_id = ${f.calculationId}
          and v.step = 4 and v.kind = 'ALLOCATED' and v.dimension_id = u.dimension_id
          and v.amounts[u.record_no + 1] <> 0
        join result_sources s on s.company_id = ${f.companyId} and s.calculation_id = ${f.calculationId}
          and s.step = 4 and s.row_no = v.source_no
        group by u.dimension_id, u.record_no`);
      return new Map(
        rows.map((r) => [`${Number(r.dimension_id)}:${Number(r.record_no)}`, (r.names as string[]) ?? []]),
      );
    },

    async unallocated(
      f: Filter,
      step: number,
      filter: { pushNos?: readonly number[] | undefined },
      p: PageRequest,
    ): Promise<TotalledPage<{ pushNo: number; identifier: string; amount: number }>> {
      const t = resultUnallocated;
      const conditions: SQL[] = [
        eq(t.companyId, f.companyId),
        eq(t.calculationId, f.calculationId),
        eq(t.step, step),
      ];
      if (filter.pushNos) conditions.push(inArray(t.pushNo, [...filter.pushNos, -1]));
      const where = and(...conditions);
      const sortable = {
        transaction_id: sql`${t.identifier} collate "C"`,
        amount: t.amount,
        source_name: t.pushNo,
      };
      return totalled(
        (limit, offset) =>
          db
            .select({ pushNo: t.pushNo, identifier: t.identifier, amount: t.amount })
            .from(t)
            .where(where)
            .orderBy(
              ...orderBy(p.ordering, sortable, "source_name", t.step).slice(0, -1),
              t.pushNo,
              t.recordNo,
            )
            .limit(limit)
            .offset(offset),
        t,
        where,
        { amount: t.amount },
        p,
      );
    },

    /**
     * Record totals (step 5 view). Records are numbered 0..n-1 per dimension in identifier order,
     * so the default order (dimension, record) and `transaction_id` within a dimension are read by
     * position, and the count is the numbers' range; a dimension's order by a total is read by
     * position from the run's stored ordering (step 0 of result_vectors) when it has one. Other
     * requests sort in SQL. A descending order is the exact reverse of the ascending one (ties
     * by dimension and record, descending).
     */
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

  /** A read of a finished run's rows, remembered per run and arguments (run-read-cache.ts). */
  function byRun<A extends unknown[], R>(name: string, read: (f: Filter, ...args: A) => Promise<R>) {
    return (f: Filter, ...args: A): Promise<R> =>
      runRead(db, f, `${name}:${JSON.stringify(args)}`, () => read(f, ...args));
  }

  // Every page of a run's step results: immutable once the run is FINISHED. Not the detail
  // vectors (tens of millions of numbers at L) nor anything that names model data.
  return {
    ...repository,
    allocations: byRun("allocations", repository.allocations),
    sources: byRun("sources", repository.sources),
    source: byRun("source", repository.source),
    allocatedToDimension: byRun("allocatedToDimension", repository.allocatedToDimension),
    destinations: byRun("destinations", repository.destinations),
    timeDriven: byRun("timeDriven", repository.timeDriven),
    pushes: byRun("pushes", repository.pushes),
    unallocated: byRun("unallocated", repository.unallocated),
  };
}

/** Positions [offset, offset + limit) of the concatenated ranges, as (dimension, first, last) runs. */
function positional(
  dims: { dimensionId: number; n: number }[],
  window: { offset: number; limit: number },
  descending: boolean,
): { dimensionId: number; from: number; to: number; descending: boolean }[] {
  const ordered = descending ? [...dims].reverse() : dims;
  const out: { dimensionId: number; from: number; to: number; descending: boolean }[] = [];
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
