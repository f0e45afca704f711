import { and, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import { models } from "../../schema/models.ts";
import { users } from "../../schema/users.ts";
import { orderBy, type PageRequest, type PageResult } from "../paging.ts";

// A company's models, with their author's name. Every function takes the caller's company first
// and filters by it: a row of another company is indistinguishable from a row that does not exist.

export type Model = typeof models.$inferSelect;
export type ModelView = Model & { authorName: string };

const authorName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}, '')`;

export function companyModelsRepository(db: Database) {
  async function findModel(companyId: number, id: number, tx: Executor = db): Promise<ModelView | undefined> {
    const [row] = await tx
      .select({ model: models, authorName })
      .from(models)
      .leftJoin(users, eq(users.id, models.authorId))
      .where(and(eq(models.companyId, companyId), eq(models.id, id)));
    return row && { ...row.model, authorName: row.authorName };
  }

  return {
    findModel,

    async listModels(
      companyId: number,
      filter: { search?: string | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<ModelView>> {
      const conditions: SQL[] = [eq(models.companyId, companyId)];
      if (filter.search) conditions.push(ilike(models.name, `%${escapeLike(filter.search)}%`));
      const where = and(...conditions);
      const rows = await tx
        .select({ model: models, authorName })
        .from(models)
        .leftJoin(users, eq(users.id, models.authorId))
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            { name: models.name, created_at: models.createdAt, id: models.id },
            "-created_at",
            models.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      const count = await tx.$count(models, where);
      return { rows: rows.map((r) => ({ ...r.model, authorName: r.authorName })), count };
    },

    /**
     * Holds the transaction-scoped advisory lock `key` until `tx` ends: concurrent callers with the
     * same key (the API processes of one database creating the demo model) take turns.
     */
    async lockForTransaction(key: number, tx: Executor): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
    },

    async countModels(companyId: number, tx: Executor = db): Promise<number> {
      return tx.$count(models, eq(models.companyId, companyId));
    },

    async createModel(
      companyId: number,
      model: { name: string; shortDescription: string; authorId: number },
      tx: Executor = db,
    ): Promise<ModelView> {
      const [row] = await tx
        .insert(models)
        .values({ ...model, companyId })
        .returning({ id: models.id });
      return (await findModel(companyId, row!.id, tx))!;
    },

    async updateModel(
      companyId: number,
      id: number,
      changes: { name?: string | undefined; shortDescription?: string | undefined },
      tx: Executor = db,
    ): Promise<ModelView | undefined> {
      const rows = await tx
        .update(models)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(models.companyId, companyId), eq(models.id, id)))
        .returning({ id: models.id });
      return rows.length === 1 ? findModel(companyId, id, tx) : undefined;
    },

    /** Deletes the model and, by cascade, its scenarios. False when the company has no such model. */
    async deleteModel(companyId: number, id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(models)
        .where(and(eq(models.companyId, companyId), eq(models.id, id)))
        .returning({ id: models.id });
      return rows.length === 1;
    },
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything starting with 50. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
