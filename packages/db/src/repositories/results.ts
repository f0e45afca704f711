import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../client.ts";
import {
  calculationResults,
  resultAllocations,
  resultLines,
  resultPushes,
  resultRecords,
  resultSources,
  resultTimeDriven,
  resultUnallocated,
} from "../schema/results.ts";
import { copyIn } from "./model-data/copy-text.ts";
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
  | "result_lines"
  | "result_unallocated"
  | "result_records";

/** One table's rows in COPY text format (company_id and calculation_id included in each line). */
export interface TablePayload {
  table: ResultTable;
  columns: readonly string[];
  chunks: readonly string[];
}

export interface RunMeta {
  scenarioId: number;
  currency: string;
  minorDigits: number;
  glTotal: number;
  detailLimit: number;
  summaryGz: Uint8Array | null;
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

/** Which rows a category owns: a run's rows of a group live while it is that category's latest. */
const OWNED: { category: string; table: ResultTable; step?: number }[] = [
  ...[1, 2, 3].flatMap((step) => [
    { category: categoryOf(step), table: "result_allocations" as const, step },
    { category: categoryOf(step), table: "result_sources" as const, step },
  ]),
  { category: "DIRECT_COST_POOL_TO_ACTIVITY", table: "result_time_driven" },
  { category: "ACTIVITY_TO_DIMENSION_DIRECT", table: "result_sources", step: 4 },
  { category: "ACTIVITY_TO_DIMENSION_DIRECT", table: "result_lines", step: 4 },
  ...[5, 6].flatMap((step) => [
    { category: categoryOf(step), table: "result_pushes" as const, step },
    { category: categoryOf(step), table: "result_lines" as const, step },
    { category: categoryOf(step), table: "result_unallocated" as const, step },
  ]),
  { category: "ACTIVITY_TO_DIMENSION_INDIRECT", table: "result_records" },
];

function categoryOf(step: number): string {
  return Object.keys(STEP_OF).find((c) => STEP_OF[c] === step)!;
}

type Filter = { companyId: number; calculationId: number };
const page = (p: PageRequest) => ({ limit: p.limit, offset: p.offset });

export function resultsRepository(db: Database) {
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
        if (t.chunks.length) await copyIn(tx, t.table, t.columns, t.chunks);
      }
      await tx.insert(calculationResults).values({
        companyId,
        calculationId,
        scenarioId: meta.scenarioId,
        currency: meta.currency,
        minorDigits: meta.minorDigits,
        glTotal: meta.glTotal,
        detailLimit: meta.detailLimit,
        summaryGz: meta.summaryGz ? Buffer.from(meta.summaryGz) : null,
        validation: meta.validation ?? null,
        sankey: meta.sankey ?? null,
      });
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
      const withRows = await db
        .select({ id: calculationResults.calculationId })
        .from(calculationResults)
        .where(
          and(eq(calculationResults.companyId, companyId), eq(calculationResults.scenarioId, scenarioId)),
        );
      let cleaned = 0;
      for (const { id } of withRows) {
        const live = new Set([...latest].filter(([, root]) => root === id).map(([category]) => category));
        for (const group of OWNED) {
          if (live.has(group.category)) continue;
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
     * Per-record rows of a step (result_lines) of the given categories, limited to `sourceNos`
     * when given (step 4: activity rows; steps 5/6: pushes) and to one dimension.
     */
    async lines(
      f: Filter,
      step: number,
      filter: {
        categories: readonly string[];
        sourceNos?: readonly number[] | undefined;
        dimension?: number | undefined;
      },
      p: PageRequest,
    ): Promise<
      PageResult<{
        sourceNo: number;
        category: string;
        dimensionId: number | null;
        identifier: string;
        parentIdentifier: string | null;
        amount: number;
      }>
    > {
      const t = resultLines;
      const conditions: SQL[] = [
        eq(t.companyId, f.companyId),
        eq(t.calculationId, f.calculationId),
        eq(t.step, step),
        inArray(t.category, [...filter.categories]),
      ];
      if (filter.sourceNos) conditions.push(inArray(t.sourceNo, [...filter.sourceNos, -1]));
      if (filter.dimension !== undefined) conditions.push(eq(t.dimensionId, filter.dimension));
      const where = and(...conditions);
      const sortable = {
        transaction_id: sql`${t.identifier} collate "C"`,
        amount: t.amount,
        source_name: t.sourceNo,
      };
      return paged(
        (limit, offset) =>
          db
            .select({
              sourceNo: t.sourceNo,
              category: t.category,
              dimensionId: t.dimensionId,
              identifier: t.identifier,
              parentIdentifier: t.parentIdentifier,
              amount: t.amount,
            })
            .from(t)
            .where(where)
            .orderBy(
              ...orderBy(p.ordering, sortable, "source_name", t.step).slice(0, -1),
              t.sourceNo,
              t.recordNo,
            )
            .limit(limit)
            .offset(offset),
        () => db.$count(t, where),
        p,
      );
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
