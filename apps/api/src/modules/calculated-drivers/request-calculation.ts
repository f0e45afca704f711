import type { DriversCalculation } from "@costflow/contract/calculated-drivers";
import type { DriversCalculationRow } from "@costflow/db/repositories/calculated-drivers";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";
import { requireScenario } from "../../lib/data-scope.ts";
import { isoOrNull } from "../../lib/pagination.ts";

/** The queue of calculated-driver runs (worker: run-calculation.ts). */
export const CALCULATED_DRIVERS_QUEUE = "calculated-drivers";
export interface CalculationJob {
  companyId: number;
  calculationId: number;
}

export function toDriversCalculation(row: DriversCalculationRow): DriversCalculation {
  const status = row.status as DriversCalculation["status"];
  return {
    calculation_id: row.id,
    UUID: row.uuid,
    status,
    calculation_status: status,
    requested_at: row.requestedAt.toISOString(),
    started_at: isoOrNull(row.startedAt),
    finished_at: isoOrNull(row.finishedAt),
    requested_by: row.requestedByName,
    requested_by_user: row.requestedByName,
    task_id: row.taskId,
    progress: Number(row.progress),
    error: row.error?.message ?? null,
  };
}

/**
 * Queues a calculation of every calculated driver of the scenario's model (category
 * CALCULATED_DRIVERS). One run per scenario at a time; a model without calculated drivers has
 * nothing to calculate.
 */
export async function requestCalculation(
  ctx: AppContext,
  companyId: number,
  scenarioId: number,
  userId: number,
): Promise<DriversCalculationRow> {
  const scenario = await requireScenario(ctx, companyId, scenarioId);
  if ((await ctx.repos.calculatedDrivers.ofModel(companyId, scenario.modelId)).length === 0) {
    throw fieldError("VALIDATION_ERROR", "scenario", "no_calculated_drivers");
  }
  if (await ctx.repos.calculatedDrivers.active(companyId, scenario.id)) {
    throw fieldError("CONFLICT", "scenario", "calculation_running");
  }
  const run = await ctx.repos.calculatedDrivers.createCalculation(companyId, {
    scenarioId: scenario.id,
    requestedBy: userId,
  });
  const job: CalculationJob = { companyId, calculationId: run.id };
  // No retries: a failed run ends in ERROR with its log; the user asks again.
  const taskId = await ctx.queue.send(CALCULATED_DRIVERS_QUEUE, job, {
    retryLimit: 0,
    expireInSeconds: 60 * 60,
  });
  await ctx.repos.calculatedDrivers.setTaskId(companyId, run.id, taskId);
  // The run as requested: a worker may already have taken it up, which the answer must not race.
  return { ...run, taskId };
}

/** Stops a run of the scenario: at once when still queued, between chunks when running. */
export async function cancelCalculation(
  ctx: AppContext,
  companyId: number,
  scenarioId: number | null,
  calculationId: number,
): Promise<DriversCalculationRow> {
  const run = await ctx.repos.calculatedDrivers.findCalculation(companyId, calculationId);
  if (!run || (scenarioId !== null && run.scenarioId !== scenarioId)) throw notFound("calculation_id");
  const stopped = await ctx.repos.calculatedDrivers.stopCalculation(companyId, run.id);
  if (!stopped) throw fieldError("VALIDATION_ERROR", "calculation_id", "not_stoppable");
  return (await ctx.repos.calculatedDrivers.findCalculation(companyId, run.id))!;
}
