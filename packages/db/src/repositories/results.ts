import { once } from "node:events";
import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { from as copyFrom } from "pg-copy-streams";
import type { Database, Executor } from "../client.ts";
import { calculations } from "../schema/calculations.ts";
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

// Result rows of calculation runs (schema/results.ts). Writing: one run's rows go in with COPY
// inside the transaction that also turns the run FINISHED (the caller's), so results appear all at
// once or not at all. Reading: every query names the company and the run (`calculation_id`, the
// root row of the run that is the latest FINISHED of the category asked for).

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
 */
async function copyBytes(
  tx: Executor,
  table: string,
  columns: readonly string[],
  chunks: readonly Uint8Array[],
) {
  const target = `${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(", ")})`;
  await withConnection(tx, async (raw) => {
    if (raw.kind === "pglite") {
      for (const chunk of chunks) {
        await raw.client.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([chunk]) });
      }
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
  summaryGz: Uint8Array;
  validation: unknown;
  sankey: unknown;
}

export type RunMetaRow = typeof calculationResults.$inferSelect;
export type AllocationResultRow = typeof resultAllocations.$inferSelect;
export type SourceResultRow = typeof resultSources.$inferSelect;
export type TimeDrivenResultRow = typeof resultTimeDriven.$inferSelect;
export type PushRow = typeof resultPushes.$inferSelect;
export type RecordRow = typeof resultRecords.$inferSelect;

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
  // Identifiers of the detail arrays (steps 4-6) and the record totals (step 5).
  {
    categories: [
      "ACTIVITY_TO_DIMENSION_DIRECT",
      "ACTIVITY_TO_DIMENSION_INDIRECT",
      "CALCULATED_DRIVER_TO_DIMENSION",
    ],
    table: "result_records",
  },
];

function categoryOf(step: number): string {
  return Object.keys(STEP_OF).find((c) => STEP_OF[c] === step)!;
}

type Filter = { companyId: number; calculationId: number };
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

  return {
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
          summaryGz: Buffer.from(reports.summaryGz),
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
            .set({ summaryGz: null, validation: null, sankey: null })
            .where(
              and(eq(calculationResults.companyId, companyId), eq(calculationResults.calculationId, id)),
            );
        }
      }
      return cleaned;
    },

    async meta(companyId: number, calculationId: number): Promise<RunMetaRow | undefined> {
      const [row] = await db
        .select()
        .from(calculationResults)
        .where(
          and(
            eq(calculationResults.companyId, companyId),
            eq(calculationResults.calculationId, calculationId),
          ),
        );
      return row;
    },

    async allocations(
      f: Filter,
      step: number,
      filter: { source?: number | undefined; destination?: number | undefined },
      p: PageRequest,
    ): Promise<PageResult<AllocationResultRow>> {
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
      return paged(
        (limit, offset) =>
          db
            .select()
            .from(t)
            .where(where)
            .orderBy(...orderBy(p.ordering, sortable, "id", t.rowNo).slice(0, -1), t.rowNo)
            .limit(limit)
            .offset(offset),
        () => db.$count(t, where),
        p,
      );
    },

    async sources(f: Filter, step: number, p: PageRequest): Promise<PageResult<SourceResultRow>> {
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
      return paged(
        (limit, offset) =>
          db
            .select()
            .from(t)
            .where(where)
            .orderBy(...orderBy(p.ordering, sortable, "id", t.rowNo).slice(0, -1), t.rowNo)
            .limit(limit)
            .offset(offset),
        () => db.$count(t, where),
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

    /** What each destination received: steps 1-3 from the rows, step 4 from the activities. */
    async destinations(
      f: Filter,
      step: number,
      p: PageRequest,
    ): Promise<
      PageResult<{
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
            .select({ n: sql<number>`count(distinct (${destinationId}, ${name}))`.mapWith(Number) })
            .from(t)
            .where(where);
          return row?.n ?? 0;
        },
        p,
      );
    },

    async timeDriven(f: Filter, p: PageRequest): Promise<PageResult<TimeDrivenResultRow>> {
      const t = resultTimeDriven;
      const where = and(eq(t.companyId, f.companyId), eq(t.calculationId, f.calculationId));
      const sortable = {
        source_name: t.sourceName,
        destination_name: t.destinationName,
        time_driven_amount: t.timeDrivenAmount,
        capacity: t.capacity,
        id: t.rowNo,
      };
      return paged(
        (limit, offset) =>
          db
            .select()
            .from(t)
            .where(where)
            .orderBy(...orderBy(p.ordering, sortable, "id", t.rowNo).slice(0, -1), t.rowNo)
            .limit(limit)
            .offset(offset),
        () => db.$count(t, where),
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
      PageResult<{
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
      const [total] = (await execute(sql`select count(*) as n from (${entries}) e`)).rows;
      return {
        count: Number(total?.n ?? 0),
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

    async unallocated(
      f: Filter,
      step: number,
      filter: { pushNos?: readonly number[] | undefined },
      p: PageRequest,
    ): Promise<PageResult<{ pushNo: number; identifier: string; amount: number }>> {
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
      return paged(
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
        () => db.$count(t, where),
        p,
      );
    },

    async records(
      f: Filter,
      filter: { dimension?: number | undefined },
      p: PageRequest,
    ): Promise<PageResult<RecordRow>> {
      const t = resultRecords;
      const conditions: SQL[] = [eq(t.companyId, f.companyId), eq(t.calculationId, f.calculationId)];
      if (filter.dimension !== undefined) conditions.push(eq(t.dimensionId, filter.dimension));
      const where = and(...conditions);
      const sortable = {
        transaction_id: sql`${t.identifier} collate "C"`,
        amount: t.resting,
        cost: t.cost,
        unallocated: t.unallocated,
        profit: t.profit,
      };
      return paged(
        (limit, offset) =>
          db
            .select()
            .from(t)
            .where(where)
            .orderBy(
              ...orderBy(p.ordering, sortable, "", t.dimensionId).slice(0, -1),
              t.dimensionId,
              t.recordNo,
            )
            .limit(limit)
            .offset(offset),
        async () => {
          const [row] = await db.select({ n: count() }).from(t).where(where);
          return row?.n ?? 0;
        },
        p,
      );
    },
  };
}

export type ResultsRepository = ReturnType<typeof resultsRepository>;
