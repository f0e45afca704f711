import { and, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { costPools } from "../schema/model-master-data.ts";
import { escapeLike } from "./dimension-records.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type CostPool = typeof costPools.$inferSelect;

/** Cost pools of a model (master data shared by its scenarios). */
export function costPoolsRepository(db: Database) {
  return {
    async find(companyId: number, id: number, tx: Executor = db): Promise<CostPool | undefined> {
      const [row] = await tx
        .select()
        .from(costPools)
        .where(and(eq(costPools.companyId, companyId), eq(costPools.id, id)));
      return row;
    },

    async list(
      companyId: number,
      modelId: number,
      filter: { isDirect?: boolean | undefined; search?: string | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<CostPool>> {
      const conditions: (SQL | undefined)[] = [
        eq(costPools.companyId, companyId),
        eq(costPools.modelId, modelId),
      ];
      if (filter.isDirect !== undefined) conditions.push(eq(costPools.isDirect, filter.isDirect));
      if (filter.search) {
        const pattern = `%${escapeLike(filter.search)}%`;
        conditions.push(or(ilike(costPools.code, pattern), ilike(costPools.name, pattern)));
      }
      const where = and(...conditions);
      const rows = await tx
        .select()
        .from(costPools)
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              identifier: costPools.code,
              name: costPools.name,
              is_direct: costPools.isDirect,
              id: costPools.id,
            },
            "identifier",
            costPools.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return { rows, count: await tx.$count(costPools, where) };
    },

    async create(
      companyId: number,
      pool: { modelId: number; code: string; name: string; isDirect: boolean },
      tx: Executor = db,
    ): Promise<CostPool> {
      const [row] = await tx
        .insert(costPools)
        .values({ ...pool, companyId })
        .returning();
      return row!;
    },

    async update(
      companyId: number,
      id: number,
      changes: Partial<Pick<CostPool, "code" | "name" | "isDirect">>,
      tx: Executor = db,
    ): Promise<CostPool | undefined> {
      if (Object.keys(changes).length === 0) return this.find(companyId, id, tx);
      const [row] = await tx
        .update(costPools)
        .set(changes)
        .where(and(eq(costPools.companyId, companyId), eq(costPools.id, id)))
        .returning();
      return row;
    },

    /** Deletes the pool with its driver values and rules (cascades); refused while activities use it. */
    async delete(companyId: number, id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(costPools)
        .where(and(eq(costPools.companyId, companyId), eq(costPools.id, id)))
        .returning({ id: costPools.id });
      return rows.length === 1;
    },
  };
}
