import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { calculations } from "../schema/calculations.ts";
import { scenarios } from "../schema/models.ts";
import type { PageRequest, PageResult } from "./paging.ts";
import { type CalculationLogRow, ofRun, type RunView, runLifecycle } from "./run-lifecycle.ts";

export type CalculationRow = typeof calculations.$inferSelect;
export type CalculationView = RunView;
export type { CalculationLogRow, LogLevel } from "./run-lifecycle.ts";

// Calculation runs. A request makes one run: its own row (the root, category of what was asked)
// plus one row per further category it refreshes (parent_id = root), all moving through the
// statuses together by the one run lifecycle (run-lifecycle.ts, also used by calculated-driver
// runs). Every function takes the caller's company first and filters by it.

export function calculationsRepository(db: Database) {
  const lifecycle = runLifecycle(db);
  const find = (companyId: number, id: number, tx?: Executor): Promise<CalculationView | undefined> =>
    lifecycle.findRun(companyId, id, undefined, tx);

  return {
    find,

    /** Creates a run REQUESTED: `categories[0]` is the root's, the others become its category rows. */
    async createRun(
      companyId: number,
      run: {
        scenarioId: number;
        categories: readonly string[];
        requestedBy: number | null;
        options: Record<string, unknown>;
      },
    ): Promise<CalculationRow> {
      return db.transaction(async (tx) => {
        const [root] = await tx
          .insert(calculations)
          .values({
            companyId,
            scenarioId: run.scenarioId,
            category: run.categories[0]!,
            requestedBy: run.requestedBy,
            options: run.options,
          })
          .returning();
        const rest = run.categories.slice(1);
        if (rest.length) {
          await tx.insert(calculations).values(
            rest.map((category) => ({
              companyId,
              scenarioId: run.scenarioId,
              category,
              parentId: root!.id,
              requestedBy: run.requestedBy,
              requestedAt: root!.requestedAt,
              options: run.options,
            })),
          );
        }
        return root!;
      });
    },

    async setTaskId(companyId: number, rootId: number, taskId: string | null): Promise<void> {
      await db
        .update(calculations)
        .set({ taskId })
        .where(and(eq(calculations.companyId, companyId), ofRun(rootId)));
    },

    /**
     * A stop request: the run (whichever of its rows was named) turns ATTEMPTING_TO_STOP when it
     * is still queued or running; its job ends it (when taken, or at the engine's next check).
     * Answers the run's root after the request, or undefined.
     */
    async stopRun(
      companyId: number,
      id: number,
    ): Promise<{ root: CalculationView; stopped: boolean } | undefined> {
      const row = await find(companyId, id);
      if (!row) return undefined;
      const rootId = row.parentId ?? row.id;
      const stopped = await lifecycle.requestStop(companyId, rootId, "signal");
      return { root: (await find(companyId, rootId))!, stopped };
    },

    async list(
      companyId: number,
      filter: { scenarioId: number; category?: string | undefined; status?: string | undefined },
      page: PageRequest,
    ): Promise<PageResult<CalculationView>> {
      const conditions: SQL[] = [
        eq(calculations.companyId, companyId),
        eq(calculations.scenarioId, filter.scenarioId),
      ];
      if (filter.category) conditions.push(eq(calculations.category, filter.category));
      if (filter.status) conditions.push(eq(calculations.status, filter.status));
      return lifecycle.listRuns(and(...conditions), page);
    },

    /** The company's newest runs as requested (a "calculate all" counts once: its root run). */
    async latestRoots(companyId: number, limit: number): Promise<CalculationRow[]> {
      return db
        .select()
        .from(calculations)
        .where(and(eq(calculations.companyId, companyId), isNull(calculations.parentId)))
        .orderBy(desc(calculations.requestedAt), desc(calculations.id))
        .limit(limit);
    },

    /** The newest run row of a category of the scenario, whatever its status. */
    async latest(
      companyId: number,
      scenarioId: number,
      category: string,
    ): Promise<CalculationRow | undefined> {
      const [row] = await db
        .select()
        .from(calculations)
        .where(
          and(
            eq(calculations.companyId, companyId),
            eq(calculations.scenarioId, scenarioId),
            eq(calculations.category, category),
          ),
        )
        .orderBy(desc(calculations.requestedAt), desc(calculations.id))
        .limit(1);
      return row;
    },

    /** The newest FINISHED row of a category of the scenario (its results are the ones shown). */
    async latestFinished(
      companyId: number,
      scenarioId: number,
      category: string,
      tx: Executor = db,
    ): Promise<CalculationRow | undefined> {
      const [row] = await tx
        .select()
        .from(calculations)
        .where(
          and(
            eq(calculations.companyId, companyId),
            eq(calculations.scenarioId, scenarioId),
            eq(calculations.category, category),
            eq(calculations.status, "FINISHED"),
          ),
        )
        .orderBy(desc(calculations.finishedAt), desc(calculations.id))
        .limit(1);
      return row;
    },

    /**
     * Every row of the scenario's runs with its root, category and status, read in ONE statement:
     * the clean-up of superseded results decides from this one snapshot which rows to keep
     * (superseded-results.ts). Two reads could see a run end in between and drop what it just wrote.
     */
    async runStates(
      companyId: number,
      scenarioId: number,
      tx: Executor = db,
    ): Promise<{ id: number; rootId: number; category: string; status: string; finishedAt: Date | null }[]> {
      return tx
        .select({
          id: calculations.id,
          rootId: sql<number>`coalesce(${calculations.parentId}, ${calculations.id})`.mapWith(Number),
          category: calculations.category,
          status: calculations.status,
          finishedAt: calculations.finishedAt,
        })
        .from(calculations)
        .where(and(eq(calculations.companyId, companyId), eq(calculations.scenarioId, scenarioId)));
    },

    /** The run's log, newest first unless ordered otherwise (one level, or all). */
    async listLogs(
      companyId: number,
      calculationId: number,
      filter: { level?: string | undefined },
      page: PageRequest,
    ): Promise<PageResult<CalculationLogRow>> {
      const levels = filter.level ? [filter.level] : undefined;
      return lifecycle.listLogs(companyId, calculationId, { levels }, page, "-id");
    },

    /**
     * The scenario's dashboard status from its runs: IN_PROGRESS while one is queued or running,
     * else FINISHED (with the last finish time) once any run finished, else NEW.
     */
    async refreshScenarioStatus(companyId: number, scenarioId: number, tx: Executor = db): Promise<void> {
      const own = and(eq(calculations.companyId, companyId), eq(calculations.scenarioId, scenarioId));
      await tx
        .update(scenarios)
        .set({
          status: sql`case
            when exists (select 1 from ${calculations} where ${own} and ${calculations.status} in ('REQUESTED', 'IN_PROGRESS', 'ATTEMPTING_TO_STOP')) then 'IN_PROGRESS'
            when exists (select 1 from ${calculations} where ${own} and ${calculations.status} = 'FINISHED') then 'FINISHED'
            else 'NEW' end`,
          finishedAt: sql`(select max(${calculations.finishedAt}) from ${calculations} where ${own} and ${calculations.status} = 'FINISHED')`,
        })
        .where(and(eq(scenarios.companyId, companyId), eq(scenarios.id, scenarioId)));
    },

    /** Test and tooling helper: rows of a run, root first. */
    async runRows(companyId: number, rootId: number): Promise<CalculationRow[]> {
      return db
        .select()
        .from(calculations)
        .where(and(eq(calculations.companyId, companyId), ofRun(rootId)))
        .orderBy(sql`${calculations.parentId} nulls first`, calculations.id);
    },
  };
}
