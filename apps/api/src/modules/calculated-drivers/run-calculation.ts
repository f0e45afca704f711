import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@costflow/contract/languages";
import { type MessageKey, serverMessage } from "@costflow/contract/server-messages";
import type { CalculatedDriverView } from "@costflow/db/repositories/calculated-drivers";
import { normalize } from "@costflow/engine/calc/decimal";
import { type CompiledFormula, compileFormula, FormulaError } from "@costflow/engine/formula/compile";
import type { AppContext } from "../../context.ts";
import { holdLease, type Lease, runMustStop } from "../../lib/run-lease.ts";
import { CALCULATED_DRIVERS_QUEUE, type CalculationJob } from "./request-calculation.ts";

// The calculated-drivers run, as a queue job: per dimension, the formulas are compiled once with
// the engine's compiler (names resolved to column slots) and evaluated over the records in
// identifier order, a chunk at a time; each chunk's values are stored under the run, and between
// chunks the lease is renewed and a stop request honoured. The run turns FINISHED together with
// the totals, in one transaction, so readers (who take the latest FINISHED run) see all or nothing.

const CHUNK = 5000;
const LEASE_SECONDS = 120;
const HEARTBEAT_MS = 1000;

class Stopped extends Error {}
/** A failure to report in the run's log, in the requester's language. */
class RunFailure extends Error {
  constructor(
    readonly key: MessageKey,
    readonly values: Record<string, string | number>,
  ) {
    super(key);
  }
}

/** Neumaier's compensated sum: the total of a million doubles without drifting. */
class Sum {
  private sum = 0;
  private comp = 0;
  add(v: number) {
    const t = this.sum + v;
    this.comp += Math.abs(this.sum) >= Math.abs(v) ? this.sum - t + v : v - t + this.sum;
    this.sum = t;
  }
  get value() {
    return normalize(this.sum + this.comp);
  }
}

export async function startCalculatedDriversWorker(ctx: AppContext): Promise<void> {
  await ctx.queue.work<CalculationJob>(CALCULATED_DRIVERS_QUEUE, (job) => runCalculation(ctx, job.data), {
    pollingIntervalSeconds: 0.5,
  });
}

/** The run as its dimensions are calculated: ids, the log's language and the lease. */
type RunContext = {
  companyId: number;
  calculationId: number;
  scenarioId: number;
  language: Language;
  lease: Lease;
};
type DriverTotal = { driverId: number; sumValue: number; records: number };

async function runCalculation(ctx: AppContext, job: CalculationJob): Promise<void> {
  const { companyId, calculationId } = job;
  const { calculatedDrivers: calculated, runs } = ctx.repos;
  const status = await runs.claim(companyId, calculationId, LEASE_SECONDS);
  if (status === "ATTEMPTING_TO_STOP") {
    await runs.end(companyId, calculationId, { status: "STOPPED" });
    return;
  }
  if (status !== "IN_PROGRESS") return; // stopped before it started, or taken already
  const run = (await calculated.findCalculation(companyId, calculationId))!;
  const language = await languageOf(ctx, run.requestedBy);
  const log = runLog(ctx, job, language);
  const started = Date.now();
  // Lease and progress: a heartbeat a second; a stop request shows between two chunks.
  const lease = holdLease(
    async (progress) => runMustStop(await runs.heartbeat(companyId, calculationId, LEASE_SECONDS, progress)),
    {
      everyMs: HEARTBEAT_MS,
      onError: (error) => ctx.log.warn({ err: error, calculationId }, "calculated drivers heartbeat failed"),
    },
  );
  try {
    const scenario = (await ctx.repos.models.findScenario(companyId, run.scenarioId))!;
    const totals = await calculateDrivers(
      ctx,
      { companyId, calculationId, scenarioId: scenario.id, language, lease },
      scenario.modelId,
      log,
    );
    const finished = await ctx.db.transaction(async (tx) => {
      await calculated.insertTotals(companyId, calculationId, totals, tx);
      return runs.end(companyId, calculationId, { status: "FINISHED" }, tx);
    });
    if (!finished) throw new Stopped();
    await log("INFO", "errors.calculated_drivers_log.finished", {
      seconds: ((Date.now() - started) / 1000).toFixed(1),
    });
    // Only the latest finished run is ever read: older runs' values go.
    await calculated.deleteValues(companyId, { scenarioId: scenario.id, olderThan: calculationId });
  } catch (error) {
    await endUnfinished(ctx, job, language, log, error);
  } finally {
    lease.release();
  }
}

/** The run's log lines, in the requester's language. */
function runLog(ctx: AppContext, { companyId, calculationId }: CalculationJob, language: Language) {
  return (level: "INFO" | "WARNING" | "ERROR", key: MessageKey, values: Record<string, string | number>) =>
    ctx.repos.runs.addLog(companyId, calculationId, level, serverMessage(language, key, values));
}

/** Every calculated driver of the model, dimension by dimension, values stored; the totals, logged. */
async function calculateDrivers(
  ctx: AppContext,
  run: RunContext,
  modelId: number,
  log: ReturnType<typeof runLog>,
): Promise<DriverTotal[]> {
  const drivers = await ctx.repos.calculatedDrivers.ofModel(run.companyId, modelId);
  await log("INFO", "errors.calculated_drivers_log.started", { drivers: drivers.length });
  const byDimension = new Map<number, CalculatedDriverView[]>();
  for (const d of drivers) byDimension.set(d.dimensionId, [...(byDimension.get(d.dimensionId) ?? []), d]);
  const counts = await ctx.repos.dimensions.recordCounts(run.companyId, run.scenarioId);
  const total = [...byDimension.keys()].reduce((n, id) => n + (counts.get(id) ?? 0), 0);
  const progress = { done: 0, total };
  const totals: DriverTotal[] = [];
  for (const [dimensionId, list] of byDimension) {
    totals.push(...(await calculateDimension(ctx, run, dimensionId, list, progress)));
  }
  for (const t of totals) {
    const driver = drivers.find((d) => d.id === t.driverId)!;
    await log("INFO", "errors.calculated_drivers_log.driver_done", {
      driver: driver.name,
      dimension: driver.dimensionName,
      records: t.records,
      total: t.sumValue,
    });
  }
  return totals;
}

/** A run that stopped or failed: its values go, and it ends STOPPED or ERROR (the reason logged). */
async function endUnfinished(
  ctx: AppContext,
  { companyId, calculationId }: CalculationJob,
  language: Language,
  log: ReturnType<typeof runLog>,
  error: unknown,
): Promise<void> {
  const { calculatedDrivers: calculated, runs } = ctx.repos;
  await calculated.deleteValues(companyId, { calculationId });
  if (error instanceof Stopped) {
    await runs.end(companyId, calculationId, { status: "STOPPED" });
    await log("WARNING", "errors.calculated_drivers_log.stopped", {});
    return;
  }
  const failure =
    error instanceof RunFailure
      ? error
      : new RunFailure("errors.calculated_drivers_log.failed", { message: (error as Error).message });
  const message = serverMessage(language, failure.key, failure.values);
  await runs.addLog(companyId, calculationId, "ERROR", message);
  await runs.end(companyId, calculationId, {
    status: "ERROR",
    error: { code: "CALCULATION_FAILED", message },
  });
  if (!(error instanceof RunFailure))
    ctx.log.error({ err: error, calculationId }, "calculated drivers run failed");
}

async function languageOf(ctx: AppContext, userId: number | null): Promise<Language> {
  if (userId === null) return DEFAULT_LANGUAGE;
  const language = (await ctx.repos.users.getSettings(userId)).language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Compiles the dimension's formulas: decimal drivers take the first slots, calculated drivers the next. */
function compileDimension(list: CalculatedDriverView[], decimals: string[], language: Language) {
  const slotOf = new Map<string, number>(decimals.map((name, i) => [name, i]));
  const compiled: CompiledFormula[] = [];
  list.forEach((driver, k) => {
    try {
      compiled.push(compileFormula(driver.formula, (name) => slotOf.get(name)));
    } catch (error) {
      throw formulaFailure(error, driver, language);
    }
    // Defined now: the next formulas may read it.
    slotOf.set(driver.name, decimals.length + k);
  });
  return compiled;
}

/** A formula error (compiling, or evaluating: division by zero) as the run's failure. */
function formulaFailure(
  error: unknown,
  driver: CalculatedDriverView,
  language: Language,
  record?: string,
): unknown {
  if (!(error instanceof FormulaError)) return error;
  const message = serverMessage(language, `errors.reasons.formula_${error.code}` as MessageKey, {
    column: error.position + 1,
    name: error.name ?? "",
  });
  return new RunFailure("errors.calculated_drivers_log.formula_error", {
    driver: driver.name,
    dimension: driver.dimensionName,
    formula: driver.formula,
    message: record === undefined ? message : `${message} (${record})`,
  });
}

async function calculateDimension(
  ctx: AppContext,
  run: RunContext,
  dimensionId: number,
  list: CalculatedDriverView[],
  progress: { done: number; total: number },
) {
  const { companyId, calculationId, scenarioId } = run;
  const decimals = (await ctx.repos.drivers.ofDimensions(companyId, [dimensionId]))
    .filter((d) => d.dataType === "DECI")
    .map((d) => d.name);
  const compiled = compileDimension(list, decimals, run.language);
  const sums = list.map(() => new Sum());
  let records = 0;
  let after: string | null = null;
  for (;;) {
    const chunk = await ctx.repos.records.chunk(companyId, scenarioId, dimensionId, after, CHUNK);
    if (chunk.length === 0) break;
    const n = chunk.length;
    // Columns: the decimal drivers (NaN = missing, read as 0 by the formulas), then the results.
    const columns: Float64Array[] = [];
    for (const name of decimals) {
      const column = new Float64Array(n).fill(Number.NaN);
      for (let r = 0; r < n; r++) {
        const v = chunk[r]!.fields[name];
        if (typeof v === "number") column[r] = v;
        else if (typeof v === "string" && v.trim() !== "") column[r] = Number(v);
      }
      columns.push(column);
    }
    const ids = chunk.map((c) => c.id);
    for (let k = 0; k < list.length; k++) {
      const values = new Float64Array(n);
      for (let r = 0; r < n; r++) {
        let v: number;
        try {
          v = compiled[k]!.evaluate(columns, r);
        } catch (error) {
          throw formulaFailure(error, list[k]!, run.language, chunk[r]!.identifier);
        }
        if (!Number.isFinite(v)) {
          throw new RunFailure("errors.calculated_drivers_log.value_error", {
            driver: list[k]!.name,
            dimension: list[k]!.dimensionName,
            record: chunk[r]!.identifier,
          });
        }
        v = normalize(v);
        values[r] = v;
        sums[k]!.add(v);
      }
      columns.push(values);
      await ctx.repos.calculatedDrivers.insertValues(
        companyId,
        calculationId,
        list[k]!.id,
        ids,
        Array.from(values),
      );
    }
    records += n;
    progress.done += n;
    after = chunk[n - 1]!.identifier;
    run.lease.progress({
      fraction: progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0,
      message: list[0]!.dimensionName,
    });
    if (run.lease.signal.aborted) throw new Stopped();
    if (n < CHUNK) break;
  }
  return list.map((driver, k) => ({ driverId: driver.id, sumValue: sums[k]!.value, records }));
}
