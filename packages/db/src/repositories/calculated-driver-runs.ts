import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { calculations } from "../schema/calculations.ts";
import type { PageRequest, PageResult } from "./paging.ts";
import { ACTIVE_RUN_STATUSES, type CalculationLogRow, type RunView, runLifecycle } from "./run-lifecycle.ts";

export type DriversCalculationRow = RunView;

/** The category of calculated-driver runs, and the marker of runs made by this module's worker. */
export const CALCULATED_DRIVERS = "CALCULATED_DRIVERS";
const RUNNER = "calculated-drivers";
const ACTIVE = [...ACTIVE_RUN_STATUSES];

/** Runs of this module: category CALCULATED_DRIVERS, made by its worker (not step rows of other runs). */
const ownRuns = (companyId: number, scenarioId: number) =>
  and(
    eq(calculations.companyId, companyId),
    eq(calculations.scenarioId, scenarioId),
    eq(calculations.category, CALCULATED_DRIVERS),
    sql`${calculations.options} ->> 'runner' = ${RUNNER}`,
  );

/**
 * Calculated-driver runs: rows of the `calculations` table (category CALCULATED_DRIVERS, a root
 * alone), claimed, kept alive, ended and reaped by the one run lifecycle (run-lifecycle.ts).
 */
export function calculatedDriverRunsRepository(db: Database) {
  const lifecycle = runLifecycle(db);
  const findCalculation = (companyId: number, id: number, tx?: Executor) =>
    lifecycle.findRun(companyId, id, eq(calculations.category, CALCULATED_DRIVERS), tx);

  return {
    findCalculation,

    async createCalculation(
      companyId: number,
      run: { scenarioId: number; requestedBy: number | null },
      tx: Executor = db,
    ): Promise<DriversCalculationRow> {
      const [row] = await tx
        .insert(calculations)
        .values({
          companyId,
          scenarioId: run.scenarioId,
          category: CALCULATED_DRIVERS,
          requestedBy: run.requestedBy,
          options: { runner: RUNNER },
        })
        .returning({ id: calculations.id });
      return (await findCalculation(companyId, row!.id, tx))!;
    },

    async setTaskId(companyId: number, id: number, taskId: string | null, tx: Executor = db): Promise<void> {
      await tx
        .update(calculations)
        .set({ taskId })
        .where(and(eq(calculations.companyId, companyId), eq(calculations.id, id)));
    },

    /** The scenario's run still requested or running, if any. */
    async active(
      companyId: number,
      scenarioId: number,
      tx: Executor = db,
    ): Promise<DriversCalculationRow | undefined> {
      const [row] = await tx
        .select({ id: calculations.id })
        .from(calculations)
        .where(and(ownRuns(companyId, scenarioId), inArray(calculations.status, ACTIVE)))
        .orderBy(desc(calculations.requestedAt), desc(calculations.id))
        .limit(1);
      return row && findCalculation(companyId, row.id, tx);
    },

    async listCalculations(
      companyId: number,
      scenarioId: number,
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<DriversCalculationRow>> {
      return lifecycle.listRuns(ownRuns(companyId, scenarioId), page, tx);
    },

    /** The scenario's latest FINISHED run: the only one whose values are read. */
    async latestFinished(
      companyId: number,
      scenarioId: number,
      tx: Executor = db,
    ): Promise<number | undefined> {
      const [row] = await tx
        .select({ id: calculations.id })
        .from(calculations)
        .where(and(ownRuns(companyId, scenarioId), eq(calculations.status, "FINISHED")))
        .orderBy(desc(calculations.finishedAt), desc(calculations.id))
        .limit(1);
      return row?.id;
    },

    /** Stops a run: at once when still queued, at the next chunk when running. Answers whether it could. */
    async stopCalculation(companyId: number, id: number, tx?: Executor): Promise<boolean> {
      return lifecycle.requestStop(companyId, id, "end", tx);
    },

    /** The run's log lines (of `levels`), oldest first unless ordered otherwise. */
    async logs(
      companyId: number,
      calculationId: number,
      filter: { levels?: string[] | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<CalculationLogRow>> {
      return lifecycle.listLogs(companyId, calculationId, filter, page, "at", tx);
    },
  };
}
