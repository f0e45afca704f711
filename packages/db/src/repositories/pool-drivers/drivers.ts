import { and, eq } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import { costPoolDrivers } from "../../schema/model-master-data.ts";
import { orderBy, type PageRequest, type PageResult } from "../paging.ts";

// The cost-pool drivers of a model (master data).

export type PoolDriver = typeof costPoolDrivers.$inferSelect;

export function poolDriverRowsRepository(db: Database) {
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
  };
}
