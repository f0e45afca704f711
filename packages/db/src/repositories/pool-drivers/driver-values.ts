import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import { costPoolDriverValues } from "../../schema/scenario-data.ts";
import type { PageRequest, PageResult } from "../paging.ts";

// The values of a model's cost-pool drivers per pool in each scenario (scenario data).

export type PoolDriverValue = typeof costPoolDriverValues.$inferSelect;

export function poolDriverValuesRepository(db: Database) {
  async function findValue(
    companyId: number,
    id: number,
    tx: Executor = db,
  ): Promise<PoolDriverValue | undefined> {
    const [row] = await tx
      .select()
      .from(costPoolDriverValues)
      .where(and(eq(costPoolDriverValues.companyId, companyId), eq(costPoolDriverValues.id, id)));
    return row;
  }

  return {
    findValue,

    async listValues(
      companyId: number,
      scenarioId: number,
      filter: { driverId?: number | undefined; poolId?: number | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<PoolDriverValue>> {
      const conditions: SQL[] = [
        eq(costPoolDriverValues.companyId, companyId),
        eq(costPoolDriverValues.scenarioId, scenarioId),
      ];
      if (filter.driverId !== undefined) conditions.push(eq(costPoolDriverValues.driverId, filter.driverId));
      if (filter.poolId !== undefined) conditions.push(eq(costPoolDriverValues.poolId, filter.poolId));
      const where = and(...conditions);
      const rows = await tx
        .select()
        .from(costPoolDriverValues)
        .where(where)
        .orderBy(costPoolDriverValues.poolId, costPoolDriverValues.driverId, costPoolDriverValues.id)
        .limit(page.limit)
        .offset(page.offset);
      return { rows, count: await tx.$count(costPoolDriverValues, where) };
    },

    /** The scenario's values of the given pools (every driver), for the pools list. */
    async valuesOfPools(
      companyId: number,
      scenarioId: number,
      poolIds: number[],
      tx: Executor = db,
    ): Promise<PoolDriverValue[]> {
      if (poolIds.length === 0) return [];
      return tx
        .select()
        .from(costPoolDriverValues)
        .where(
          and(
            eq(costPoolDriverValues.companyId, companyId),
            eq(costPoolDriverValues.scenarioId, scenarioId),
            inArray(costPoolDriverValues.poolId, poolIds),
          ),
        );
    },

    /** Creates the value of (scenario, driver, pool) or replaces the existing one's value. */
    async upsertValue(
      companyId: number,
      value: { scenarioId: number; driverId: number; poolId: number; value: string },
      tx: Executor = db,
    ): Promise<{ value: PoolDriverValue; created: boolean }> {
      const [row] = await tx
        .insert(costPoolDriverValues)
        .values({ ...value, companyId })
        .onConflictDoUpdate({
          target: [
            costPoolDriverValues.companyId,
            costPoolDriverValues.scenarioId,
            costPoolDriverValues.driverId,
            costPoolDriverValues.poolId,
          ],
          set: { value: value.value },
        })
        .returning({ id: costPoolDriverValues.id, created: sql<boolean>`(xmax = 0)` });
      return { value: (await findValue(companyId, row!.id, tx))!, created: row!.created };
    },

    async deleteValueOf(
      companyId: number,
      key: { scenarioId: number; driverId: number; poolId: number },
      tx: Executor = db,
    ): Promise<boolean> {
      const rows = await tx
        .delete(costPoolDriverValues)
        .where(
          and(
            eq(costPoolDriverValues.companyId, companyId),
            eq(costPoolDriverValues.scenarioId, key.scenarioId),
            eq(costPoolDriverValues.driverId, key.driverId),
            eq(costPoolDriverValues.poolId, key.poolId),
          ),
        )
        .returning({ id: costPoolDriverValues.id });
      return rows.length === 1;
    },

    async updateValue(
      companyId: number,
      id: number,
      value: string,
      tx: Executor = db,
    ): Promise<PoolDriverValue | undefined> {
      const [row] = await tx
        .update(costPoolDriverValues)
        .set({ value })
        .where(and(eq(costPoolDriverValues.companyId, companyId), eq(costPoolDriverValues.id, id)))
        .returning();
      return row;
    },

    async deleteValue(companyId: number, id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(costPoolDriverValues)
        .where(and(eq(costPoolDriverValues.companyId, companyId), eq(costPoolDriverValues.id, id)))
        .returning({ id: costPoolDriverValues.id });
      return rows.length === 1;
    },
  };
}
