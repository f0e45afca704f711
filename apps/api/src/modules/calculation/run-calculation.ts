import { calculationMessage } from "@costflow/contract/calculation";
import { isLanguage, type Language } from "@costflow/contract/languages";
import { TREEMAP_LIMIT_MAX } from "@costflow/contract/reports";
import type { LogLevel } from "@costflow/db/repositories/run-lifecycle";
import type { ModelData } from "@costflow/engine/model/types";
import { jobSettings } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { holdLease, runMustStop } from "../../lib/run-lease.ts";
import {
  type CalculationThread,
  prewarmCalculationThread,
  startCalculationThread,
  stopSpareThread,
  type ThreadOptions,
  type ThreadOutcome,
} from "./calculation-thread-client.ts";
import { coverageOf, phaseCategories, type RunKind } from "./categories.ts";
import { loadScenario } from "./load-scenario.ts";
import { notifyRunEnded } from "./notify-run-ended.ts";
import { publishRun } from "./publish-run.ts";
import { type CodeIds, type RunPlan, rowCount } from "./run-plan.ts";
import { deleteSupersededResults } from "./superseded-results.ts";

// The queue's calculation job: claim the run, keep its lease alive while a thread calculates,
// relay stop requests to the thread, then publish (or end STOPPED / ERROR) and log every step.

export const CALCULATION_QUEUE = "calculation.run";

export interface CalculationJob {
  companyId: number;
  calculationId: number;
}

export interface CalculationOptions {
  /** What the request asked for; fixes the categories and tables of the run. */
  kind: RunKind;
  /** Language of the requester (logs are written in it). */
  language: Language;
  strategy: "not_allocate" | "rebalance" | null;
}

export const RUN_SETTINGS = {
  /** Lease, detail limit and budget, orderings: read from the environment by config.ts. */
  ...jobSettings().calculation,
  heartbeatMs: 1000,
  /** Positions per stored block of an ordering: a page reads one or two (128 KB each). */
  orderBlock: 16384,
  /**
   * Tree map splits keep, per first-level record, the largest parts of each measure up to the
   * call's largest limit, and the totals and counts of all (docs/calculation.md, "Report data").
   */
  splitParts: TREEMAP_LIMIT_MAX,
};

/** Threads running in this process (stopped when the worker shuts down). */
const active = new Set<CalculationThread>();

let shuttingDown = false;

/** Shutdown: running calculations are asked to stop, the spare thread ends. */
export async function stopActiveThreads(): Promise<void> {
  shuttingDown = true;
  for (const thread of active) thread.stop();
  await stopSpareThread();
}

/** Start-up: a thread is made ready for the first run. */
export function prepareCalculationThreads(): void {
  shuttingDown = false;
  prewarmCalculationThread();
}

export function optionsOf(raw: Record<string, unknown>): CalculationOptions {
  return {
    kind: (raw.kind as RunKind) ?? "ALL",
    language: isLanguage(raw.language) ? raw.language : "en",
    strategy: raw.strategy === "rebalance" || raw.strategy === "not_allocate" ? raw.strategy : null,
  };
}

type Say = (level: LogLevel, key: string, values?: Record<string, string | number>) => Promise<void>;
type Root = NonNullable<Awaited<ReturnType<AppContext["repos"]["calculations"]["find"]>>>;

export async function runCalculation(ctx: AppContext, job: CalculationJob): Promise<void> {
  const { companyId, calculationId } = job;
  const { runs } = ctx.repos;
  const root = await ctx.repos.calculations.find(companyId, calculationId);
  if (!root) return;
  const options = optionsOf(root.options);
  const log = runLog(ctx, job, options.language);
  const { t, say } = log;
  const startedAt = performance.now();
  if (!(await claimRun(ctx, job, root.scenarioId, say))) return;

  // Lease and progress: one heartbeat a second; a stop request found there reaches the thread.
  const lease = holdLease(
    async (progress) =>
      runMustStop(await runs.heartbeat(companyId, calculationId, RUN_SETTINGS.leaseSeconds, progress)),
    {
      everyMs: RUN_SETTINGS.heartbeatMs,
      initial: { fraction: 0.01, message: t("progress.load") },
      onError: (error) => ctx.log.warn({ err: error, calculationId }, "calculation heartbeat failed"),
    },
  );
  let thread: CalculationThread | null = null;
  lease.signal.addEventListener("abort", () => thread?.stop());

  // After each phase: its log line. The older results it replaced go when the run ends, not
  // here: deleting the previous run's millions of rows held the reports' publication up.
  const published = async (phase: "steps" | "reports", status: string, ms: number, rows: number) => {
    if (status === "STOPPED") {
      thread?.stop();
      return;
    }
    if (status !== "IN_PROGRESS" && status !== "FINISHED") return;
    if (phase === "steps") await say("INFO", "log.saved", { ms, rows });
    else await say("INFO", "log.reportsSaved", { ms, records: rows });
  };

  let outcome: ThreadOutcome;
  try {
    outcome = await calculateInThread(ctx, runPlan(job, root.scenarioId, options), {
      onProgress: (fraction, key, values) => lease.progress({ fraction, message: t(key, values) }),
      onLog: (event) => void say(event.level, event.key, event.values),
      onThread: (started) => {
        thread = started;
        if (lease.signal.aborted) started.stop();
      },
      onOutput: async (output, counted) => {
        const savingAt = performance.now();
        const status = await publishRun(
          ctx,
          { companyId, calculationId, scenarioId: root.scenarioId, leaseSeconds: RUN_SETTINGS.leaseSeconds },
          output,
        );
        const ms = Math.round(performance.now() - savingAt);
        await counted;
        await published(output.phase, status, ms, rowCount(output));
      },
      say,
    });
  } finally {
    lease.release();
  }
  await endRun(ctx, job, root, outcome, log, startedAt);
}

/** The run's log, in the requester's language: lines are written one after the other, in order. */
function runLog(ctx: AppContext, { companyId, calculationId }: CalculationJob, language: Language) {
  const t = (key: string, values?: Record<string, string | number>) =>
    calculationMessage(language, key, values);
  let logs: Promise<void> = Promise.resolve();
  const say: Say = (level, key, values) => {
    logs = logs
      .then(() => ctx.repos.runs.addLog(companyId, calculationId, level, t(key, values)))
      .catch((error) => ctx.log.error({ err: error, calculationId }, "calculation log"));
    return logs;
  };
  /** Every line asked for so far, written. */
  const written = () => logs;
  return { t, say, written };
}

/** Claims the run (one asked to stop before it started ends STOPPED): true when it is ours to run. */
async function claimRun(
  ctx: AppContext,
  job: CalculationJob,
  scenarioId: number,
  say: Say,
): Promise<boolean> {
  const { companyId, calculationId } = job;
  const { calculations, runs } = ctx.repos;
  const claimed = await runs.claim(companyId, calculationId, RUN_SETTINGS.leaseSeconds);
  if (claimed === "ATTEMPTING_TO_STOP") {
    await runs.end(companyId, calculationId, { status: "STOPPED" });
    await say("INFO", "log.stopped");
    await calculations.refreshScenarioStatus(companyId, scenarioId);
    return false;
  }
  if (claimed !== "IN_PROGRESS") return false;
  await calculations.refreshScenarioStatus(companyId, scenarioId);
  await say("INFO", "log.started");
  return true;
}

/** What the thread calculates and keeps, from the run's options and the settings. */
function runPlan(
  { companyId, calculationId }: CalculationJob,
  scenarioId: number,
  options: CalculationOptions,
): RunPlan {
  const coverage = coverageOf(options.kind);
  const phases = phaseCategories(coverage);
  return {
    companyId,
    calculationId,
    scenarioId,
    maxStep: coverage.maxStep,
    reports: coverage.reports,
    strategy: options.strategy,
    stepCategories: phases.steps,
    reportCategories: phases.reports,
    detailLimit: RUN_SETTINGS.detailLimit,
    detailBudget: RUN_SETTINGS.detailBudget,
    orderMinRecords: RUN_SETTINGS.orderMinRecords,
    orderBlock: RUN_SETTINGS.orderBlock,
    splitParts: RUN_SETTINGS.splitParts,
    leaseSeconds: RUN_SETTINGS.leaseSeconds,
    inFlightMb: RUN_SETTINGS.inFlightMb,
  };
}

/** After the thread: the run's end, its last log lines, the clean-up and the notice. */
async function endRun(
  ctx: AppContext,
  { companyId, calculationId }: CalculationJob,
  root: Root,
  outcome: ThreadOutcome,
  { say, written }: ReturnType<typeof runLog>,
  startedAt: number,
): Promise<void> {
  const { calculations, runs } = ctx.repos;
  // Rows still in flight end as the thread ended; rows of finished phases stay FINISHED.
  if (outcome.kind === "stopped") await runs.end(companyId, calculationId, { status: "STOPPED" });
  else if (outcome.kind === "failed") {
    await runs.end(companyId, calculationId, {
      status: "ERROR",
      error: { code: outcome.code, message: outcome.message },
    });
    await say("ERROR", "log.error", { code: outcome.code, message: outcome.message });
  }
  const status = (await calculations.find(companyId, calculationId))?.status;
  if (status === "FINISHED")
    await say("INFO", "log.finished", { ms: Math.round(performance.now() - startedAt) });
  else if (status === "STOPPED") await say("INFO", "log.stopped");
  // The run has ended: what it replaced can go (runs between phases are skipped by the clean-up),
  // also after an error in a later phase (the step results it published replaced older ones).
  if (status === "FINISHED" || status === "STOPPED" || status === "ERROR")
    await deleteSupersededResults(ctx, companyId, root.scenarioId);
  await written();
  await calculations.refreshScenarioStatus(companyId, root.scenarioId);
  await notifyRunEnded(ctx, root, status);
}

/**
 * Runs the thread: on PostgreSQL it loads the scenario over its own connection; on PGlite (owned
 * by this thread) the scenario is loaded here. Either way the results come back to publish here.
 */
async function calculateInThread(
  ctx: AppContext,
  plan: RunPlan,
  hooks: Pick<ThreadOptions, "onProgress" | "onLog" | "onOutput"> & {
    onThread: (thread: CalculationThread) => void;
    say: Say;
  },
): Promise<ThreadOutcome> {
  const url = ctx.database.driver === "postgres" ? ctx.database.url : undefined;
  let model: ModelData | undefined;
  let ids: CodeIds | undefined;
  if (!url) {
    try {
      const loaded = await loadScenario(ctx, plan.companyId, plan.scenarioId);
      ({ model, ids } = loaded);
      await hooks.say("INFO", "log.loaded", { ms: loaded.ms, records: loaded.records });
    } catch (error) {
      const e = error as { code?: string; message?: string };
      return {
        kind: "failed",
        code: e.code ?? "LOAD_FAILED",
        message: e.message ?? String(error),
        details: {},
      };
    }
  }
  const thread = startCalculationThread({
    plan,
    database: url ? { url, schema: ctx.database.schema } : null,
    ...(model ? { model } : {}),
    ...(ids ? { ids } : {}),
    onProgress: hooks.onProgress,
    onLog: hooks.onLog,
    onOutput: hooks.onOutput,
  });
  active.add(thread);
  hooks.onThread(thread);
  try {
    return await thread.done;
  } finally {
    active.delete(thread);
    if (!shuttingDown) prewarmCalculationThread();
  }
}
