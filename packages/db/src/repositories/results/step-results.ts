import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../client.ts";
import { resultAllocations, resultSources, resultTimeDriven } from "../../schema/results.ts";
import { orderBy, type PageRequest } from "../paging.ts";
import { type Filter, resultReads, type TotalledPage } from "./run-reads.ts";

// The step results of steps 1-4: the allocation rows (steps 1-3), the sources of each step, what
// each destination received, and step 3's time-driven rows. Every read is remembered per run
// (run-read-cache.ts): a FINISHED run's rows never change.

type AllocationResultRow = typeof resultAllocations.$inferSelect;
type SourceResultRow = typeof resultSources.$inferSelect;
type TimeDrivenResultRow = typeof resultTimeDriven.$inferSelect;

/** One row of what each destination received. */
type DestinationRow = {
  destinationId: number | null;
  destinationCode: string;
  destinationName: string;
  amount: number;
  sources: number;
};

export function stepResultsRepository(db: Database) {
  const { paged, totalled, byRun } = resultReads(db);

  const reads = {
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
    async destinations(f: Filter, step: number, p: PageRequest): Promise<TotalledPage<DestinationRow>> {
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
            .offset(offset) as Promise<DestinationRow[]>,
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
  };

  return {
    allocations: byRun("allocations", reads.allocations),
    sources: byRun("sources", reads.sources),
    source: byRun("source", reads.source),
    allocatedToDimension: byRun("allocatedToDimension", reads.allocatedToDimension),
    destinations: byRun("destinations", reads.destinations),
    timeDriven: byRun("timeDriven", reads.timeDriven),
  };
}
