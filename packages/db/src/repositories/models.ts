import { and, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../client.ts";
import {
  activities,
  calculatedDrivers,
  costPools,
  dimensions,
  financialAccounts,
} from "../schema/model-master-data.ts";
import { models, scenarios } from "../schema/models.ts";
import { users } from "../schema/users.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type Model = typeof models.$inferSelect;
export type Scenario = typeof scenarios.$inferSelect;
export type ModelView = Model & { authorName: string };
export type ScenarioView = Scenario & { modelName: string };

/** The database ids of a model's master data by code (to link result rows). */
export interface ModelCodeIds {
  accounts: Record<string, number>;
  pools: Record<string, number>;
  activities: Record<string, number>;
  dimensions: Record<string, number>;
  /** By `<dimension code>\u0000<name>`. */
  calculatedDrivers: Record<string, number>;
}

// Every function takes the caller's company first and filters by it: a row of another company
// is indistinguishable from a row that does not exist.

const authorName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}, '')`;

/** Models and their scenarios, always within one company. */
export function modelsRepository(db: Database) {
  async function findModel(companyId: number, id: number, tx: Executor = db): Promise<ModelView | undefined> {
    const [row] = await tx
      .select({ model: models, authorName })
      .from(models)
      .leftJoin(users, eq(users.id, models.authorId))
      .where(and(eq(models.companyId, companyId), eq(models.id, id)));
    return row && { ...row.model, authorName: row.authorName };
  }

  /** findScenario's statement, with placeholders companyId and id. */
  const scenarioQuery = (tx: Executor) =>
    tx
      .select({ scenario: scenarios, modelName: models.name })
      .from(scenarios)
      .innerJoin(models, and(eq(models.companyId, scenarios.companyId), eq(models.id, scenarios.modelId)))
      .where(
        and(eq(scenarios.companyId, sql.placeholder("companyId")), eq(scenarios.id, sql.placeholder("id"))),
      );
  let preparedScenario: ReturnType<ReturnType<typeof scenarioQuery>["prepare"]> | undefined;

  async function findScenario(
    companyId: number,
    id: number,
    tx: Executor = db,
  ): Promise<ScenarioView | undefined> {
    // Nearly every model-side request starts here: built once and sent as a named prepared statement
    // (as loadSession), which spares the query building and the database's planning per request.
    if (tx === db && !preparedScenario)
      preparedScenario = scenarioQuery(db).prepare("costflow_find_scenario");
    const query = tx === db && preparedScenario ? preparedScenario : scenarioQuery(tx);
    const [row] = await query.execute({ companyId, id });
    return row && { ...row.scenario, modelName: row.modelName };
  }

  return {
    findModel,
    findScenario,

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

    // Scenarios --------------------------------------------------------------------------------

    async listScenarios(
      companyId: number,
      filter: { modelId?: number | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<ScenarioView>> {
      const conditions: SQL[] = [eq(scenarios.companyId, companyId)];
      if (filter.modelId !== undefined) conditions.push(eq(scenarios.modelId, filter.modelId));
      const where = and(...conditions);
      const rows = await tx
        .select({ scenario: scenarios, modelName: models.name })
        .from(scenarios)
        .innerJoin(models, and(eq(models.companyId, scenarios.companyId), eq(models.id, scenarios.modelId)))
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              name: scenarios.name,
              created_at: scenarios.createdAt,
              period_from: scenarios.periodFrom,
              period_to: scenarios.periodTo,
              id: scenarios.id,
            },
            "-created_at",
            scenarios.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      const count = await tx.$count(scenarios, where);
      return { rows: rows.map((r) => ({ ...r.scenario, modelName: r.modelName })), count };
    },

    async countScenarios(companyId: number, tx: Executor = db): Promise<number> {
      return tx.$count(scenarios, eq(scenarios.companyId, companyId));
    },

    async latestScenarios(companyId: number, limit: number, tx: Executor = db): Promise<ScenarioView[]> {
      const rows = await tx
        .select({ scenario: scenarios, modelName: models.name })
        .from(scenarios)
        .innerJoin(models, and(eq(models.companyId, scenarios.companyId), eq(models.id, scenarios.modelId)))
        .where(eq(scenarios.companyId, companyId))
        .orderBy(desc(scenarios.createdAt), desc(scenarios.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.scenario, modelName: r.modelName }));
    },

    async createScenario(
      companyId: number,
      scenario: Omit<typeof scenarios.$inferInsert, "companyId" | "id">,
      tx: Executor = db,
    ): Promise<ScenarioView> {
      const [row] = await tx
        .insert(scenarios)
        .values({ ...scenario, companyId })
        .returning({ id: scenarios.id });
      return (await findScenario(companyId, row!.id, tx))!;
    },

    async updateScenario(
      companyId: number,
      id: number,
      changes: Partial<Pick<Scenario, "name" | "description" | "periodFrom" | "periodTo" | "currency">>,
      tx: Executor = db,
    ): Promise<ScenarioView | undefined> {
      const rows = await tx
        .update(scenarios)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(scenarios.companyId, companyId), eq(scenarios.id, id)))
        .returning({ id: scenarios.id });
      return rows.length === 1 ? findScenario(companyId, id, tx) : undefined;
    },

    async deleteScenario(companyId: number, id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(scenarios)
        .where(and(eq(scenarios.companyId, companyId), eq(scenarios.id, id)))
        .returning({ id: scenarios.id });
      return rows.length === 1;
    },

    /**
     * The database ids of the scenario's model's master data by code (to link result rows); all
     * empty when the scenario is not the company's.
     */
    async codeIds(companyId: number, scenarioId: number, tx: Executor = db): Promise<ModelCodeIds> {
      const [scenario] = await tx
        .select({ modelId: scenarios.modelId })
        .from(scenarios)
        .where(and(eq(scenarios.companyId, companyId), eq(scenarios.id, scenarioId)));
      const ids: ModelCodeIds = {
        accounts: {},
        pools: {},
        activities: {},
        dimensions: {},
        calculatedDrivers: {},
      };
      if (!scenario) return ids;
      const where = (t: { companyId: AnyPgColumn; modelId: AnyPgColumn }) =>
        and(eq(t.companyId, companyId), eq(t.modelId, scenario.modelId));
      const byCode = (rows: { code: string; id: number }[]) =>
        Object.fromEntries(rows.map((r) => [r.code, r.id]));
      ids.accounts = byCode(
        await tx
          .select({ code: financialAccounts.code, id: financialAccounts.id })
          .from(financialAccounts)
          .where(where(financialAccounts)),
      );
      ids.pools = byCode(
        await tx.select({ code: costPools.code, id: costPools.id }).from(costPools).where(where(costPools)),
      );
      ids.activities = byCode(
        await tx
          .select({ code: activities.code, id: activities.id })
          .from(activities)
          .where(where(activities)),
      );
      const dims = await tx
        .select({ code: dimensions.code, id: dimensions.id })
        .from(dimensions)
        .where(where(dimensions));
      ids.dimensions = byCode(dims);
      const codeOf = new Map(dims.map((d) => [d.id, d.code]));
      const drivers = await tx
        .select({
          id: calculatedDrivers.id,
          name: calculatedDrivers.name,
          dimensionId: calculatedDrivers.dimensionId,
        })
        .from(calculatedDrivers)
        .where(where(calculatedDrivers));
      for (const d of drivers)
        ids.calculatedDrivers[`${codeOf.get(d.dimensionId) ?? ""}\u0000${d.name}`] = d.id;
      return ids;
    },
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything starting with 50. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
