import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { costPoolDrivers } from "../schema/model-master-data.ts";
import { costPoolDriverValues } from "../schema/scenario-data.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type PoolDriver = typeof costPoolDrivers.$inferSelect;
export type PoolDriverValue = typeof costPoolDriverValues.$inferSelect;

/** Cost-pool drivers of a model and their values per pool in each scenario. */
export function poolDriversRepository(db: Database) {
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
    async find(companyId: number, id: number, tx: Executor = db): Promise<PoolDriver | undefined> {
      const [row] = await tx
        .select()
        .from(costPoolDrivers)
        .where(and(eq(costPoolDrivers.companyId, companyId), eq(costPoolDrivers.id, id)));
      return row;
    },

    /** The model's TDABC driver, if any (at most one: a partial unique index says so too). */
    async findTdabc(companyId: number, modelId: number, tx: Executor = db): Promise<PoolDriver | undefined> {
      const [row] = await tx
        .select()
        .from(costPoolDrivers)
        .where(
          and(
            eq(costPoolDrivers.companyId, companyId),
            eq(costPoolDrivers.modelId, modelId),
            eq(costPoolDrivers.isTdabc, true),
          ),
        );
      return row;
    },

    async list(
      companyId: number,
      modelId: number,
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<PoolDriver>> {
      const where = and(eq(costPoolDrivers.companyId, companyId), eq(costPoolDrivers.modelId, modelId));
      const rows = await tx
        .select()
        .from(costPoolDrivers)
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              name: costPoolDrivers.name,
              display_type: costPoolDrivers.displayType,
              is_tdabc: costPoolDrivers.isTdabc,
              id: costPoolDrivers.id,
            },
            "name",
            costPoolDrivers.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return { rows, count: await tx.$count(costPoolDrivers, where) };
    },

    async all(companyId: number, modelId: number, tx: Executor = db): Promise<PoolDriver[]> {
      return tx
        .select()
        .from(costPoolDrivers)
        .where(and(eq(costPoolDrivers.companyId, companyId), eq(costPoolDrivers.modelId, modelId)))
        .orderBy(costPoolDrivers.name, costPoolDrivers.id);
    },

    async create(
      companyId: number,
      driver: { modelId: number; name: string; displayType: string; isTdabc: boolean },
      tx: Executor = db,
    ): Promise<PoolDriver> {
      const [row] = await tx
        .insert(costPoolDrivers)
        .values({ ...driver, companyId })
        .returning();
      return row!;
    },

    async update(
      companyId: number,
      id: number,
      changes: Partial<Pick<PoolDriver, "name" | "displayType" | "isTdabc">>,
      tx: Executor = db,
    ): Promise<PoolDriver | undefined> {
      const [row] = await tx
        .update(costPoolDrivers)
        .set(changes)
        .where(and(eq(costPoolDrivers.companyId, companyId), eq(costPoolDrivers.id, id)))
        .returning();
      return row;
    },

    /** Deletes the driver with its values and the DRIVER rules that use it (cascades). */
    async delete(companyId: number, id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(costPoolDrivers)
        .where(and(eq(costPoolDrivers.companyId, companyId), eq(costPoolDrivers.id, id)))
        .returning({ id: costPoolDrivers.id });
      return rows.length === 1;
    },

    // Values ------------------------------------------------------------------------------------

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
