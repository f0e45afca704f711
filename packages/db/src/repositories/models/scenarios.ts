import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import { models, scenarios } from "../../schema/models.ts";
import { orderBy, type PageRequest, type PageResult } from "../paging.ts";

// The scenarios of a company's models, with their model's name. Every function takes the caller's
// company first and filters by it.

export type Scenario = typeof scenarios.$inferSelect;
export type ScenarioView = Scenario & { modelName: string };

export function scenariosRepository(db: Database) {
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
    findScenario,

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
  };
}
