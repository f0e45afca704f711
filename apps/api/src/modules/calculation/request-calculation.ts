import { calculationMessage, type GenerateResponse } from "@costflow/contract/calculation";
import type { Language } from "@costflow/contract/languages";
import type { AppContext } from "../../context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import type { RequestAuth } from "../../plugins/access.ts";
import { coverageOf, type RunKind } from "./categories.ts";
import { CALCULATION_QUEUE, type CalculationJob, type CalculationOptions } from "./run-calculation.ts";

/** A calculation queued for a worker (pg-boss stops waiting for one after this long). */
const JOB_EXPIRE_SECONDS = 4 * 3600;

/**
 * Creates a run REQUESTED (one row per category it refreshes) and queues its job. A run is never
 * retried by the queue: a failed run ends in ERROR and the user asks again.
 */
export async function requestCalculation(
  ctx: AppContext,
  auth: RequestAuth,
  companyId: number,
  kind: RunKind,
  input: { scenario: number; strategy?: "not_allocate" | "rebalance" | undefined },
  responseLanguage: Language,
): Promise<GenerateResponse> {
  const scenario = await ctx.repos.models.findScenario(companyId, input.scenario);
  if (!scenario) throw notFound("scenario");
  const calculations = ctx.repos.calculations;
  const coverage = coverageOf(kind);
  const language = auth.settings.language as Language;
  const options: CalculationOptions = { kind, language, strategy: input.strategy ?? null };
  const root = await calculations.createRun(companyId, {
    scenarioId: scenario.id,
    categories: coverage.categories,
    requestedBy: auth.user.id,
    options: { ...options },
  });
  const user = [auth.user.firstName, auth.user.lastName].join(" ").trim() || auth.user.email;
  await ctx.repos.runs.addLog(
    companyId,
    root.id,
    "INFO",
    calculationMessage(language, "log.requested", { user, categories: coverage.categories.join(", ") }),
  );
  let taskId: string | null;
  try {
    taskId = await ctx.queue.send<CalculationJob>(
      CALCULATION_QUEUE,
      { companyId, calculationId: root.id },
      { retryLimit: 0, expireInSeconds: JOB_EXPIRE_SECONDS },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await ctx.repos.runs.end(companyId, root.id, {
      status: "ERROR",
      error: { code: "QUEUE_FAILED", message },
    });
    await ctx.repos.runs.addLog(
      companyId,
      root.id,
      "ERROR",
      calculationMessage(language, "log.queueFailed", { message }),
    );
    throw new AppError("SERVICE_UNAVAILABLE", [], `calculation not queued: ${message}`);
  }
  await calculations.setTaskId(companyId, root.id, taskId);
  await calculations.refreshScenarioStatus(companyId, scenario.id);
  return {
    calculation_id: root.id,
    task_id: taskId,
    status: "REQUESTED",
    message: calculationMessage(responseLanguage, "requested"),
  };
}

/** A stop request: only runs still REQUESTED or IN_PROGRESS can be stopped (else 400). */
export async function stopCalculation(
  ctx: AppContext,
  auth: RequestAuth,
  companyId: number,
  calculationId: number,
  responseLanguage: Language,
) {
  const calculations = ctx.repos.calculations;
  const result = await calculations.stopRun(companyId, calculationId);
  if (!result) throw notFound("calculation_id");
  if (!result.stopped) {
    throw new AppError("CALCULATION_NOT_STOPPABLE", [{ field: "calculation_id", reason: "invalid_value" }]);
  }
  const language = auth.settings.language as Language;
  const user = [auth.user.firstName, auth.user.lastName].join(" ").trim() || auth.user.email;
  await ctx.repos.runs.addLog(
    companyId,
    result.root.id,
    "INFO",
    calculationMessage(language, "log.stopRequested", { user }),
  );
  return {
    calculation_id: calculationId,
    status: result.root.status as GenerateResponse["status"],
    message: calculationMessage(responseLanguage, "stopped"),
  };
}
