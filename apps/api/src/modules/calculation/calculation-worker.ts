import { calculationMessage } from "@costflow/contract/calculation";
import { jobSettings } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { startSweeper } from "../../lib/sweeper.ts";
import { notifyRunEnded } from "./notify-run-ended.ts";
import {
  CALCULATION_QUEUE,
  type CalculationJob,
  optionsOf,
  prepareCalculationThreads,
  runCalculation,
  stopActiveThreads,
} from "./run-calculation.ts";

/** How often this process looks for runs whose worker died (their lease expired). */
const REAPER_INTERVAL_MS = jobSettings().calculation.reaperIntervalMs;

/**
 * Ends in ERROR every run still IN_PROGRESS past its lease (its worker died: process killed,
 * machine lost), with a log line saying so. Runs never claimed have no lease and are left alone.
 */
export async function reapCalculations(ctx: AppContext): Promise<number> {
  const calculations = ctx.repos.calculations;
  const reaped = await ctx.repos.runs.reapExpired({
    code: "LEASE_EXPIRED",
    message: "The calculation's worker stopped answering",
  });
  for (const { companyId, rootId } of reaped) {
    const run = await calculations.find(companyId, rootId);
    if (!run) continue;
    const { language } = optionsOf(run.options);
    await ctx.repos.runs.addLog(companyId, rootId, "ERROR", calculationMessage(language, "log.lost"));
    await calculations.refreshScenarioStatus(companyId, run.scenarioId);
    await notifyRunEnded(ctx, run, "ERROR");
  }
  return reaped.length;
}

/**
 * Starts this process's calculation worker: one run at a time (each run already uses a core of
 * its own in a thread), plus the reaper. Answers a function that stops the reaper and asks running
 * calculations to stop (a run cut short by a shutdown ends STOPPED; one whose process is killed
 * is reaped later).
 */
export async function startCalculationWorker(ctx: AppContext): Promise<() => Promise<void>> {
  await ctx.queue.work<CalculationJob>(CALCULATION_QUEUE, (job) => runCalculation(ctx, job.data), {
    concurrency: 1,
    pollingIntervalSeconds: 0.5,
  });
  const stopSweeper = await startSweeper(ctx.log, "calculation reaper", REAPER_INTERVAL_MS, () =>
    reapCalculations(ctx),
  );
  prepareCalculationThreads();
  return async () => {
    stopSweeper();
    await stopActiveThreads();
  };
}
