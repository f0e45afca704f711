import type { RunMeta } from "@costflow/db/repositories/results";
import { calculate } from "@costflow/engine/calc/calculate";
import type { CalcResult } from "@costflow/engine/calc/result-types";
import type { ModelData } from "@costflow/engine/model/types";
import { buildSummaryHead, linesInRank } from "@costflow/engine/summary/build-summary";
import type { CodeIds, LogEvent, RunOutput, RunPlan } from "../modules/calculation/run-plan.ts";
import { buildReportData } from "./report-data.ts";
import { buildResultRows } from "./result-rows.ts";
import { buildSankey } from "./sankey.ts";
import { buildValidationReport, glTotalMinor } from "./validation-report.ts";

// The CPU part of a run, in the calculation thread: the engine, then everything the database
// needs (COPY text, the summary's head, validation report, Sankey). Pure apart from the callbacks.

interface ComputeHooks {
  /** Overall progress of the calculation part, 0..1, with a step key of the translations. */
  progress(fraction: number, key: string, values?: Record<string, string | number>): void;
  log(event: LogEvent): void;
  shouldStop(): boolean;
}

/** Engine progress steps (1-4, 6 = steps; 7 = P&L) mapped onto 0..1 of the calculation part. */
const STEP_SPAN: Record<number, [number, number]> = {
  1: [0, 0.05],
  2: [0.05, 0.1],
  3: [0.1, 0.15],
  4: [0.15, 0.75],
  6: [0.75, 0.85],
  7: [0.85, 1],
};

export function runEngine(model: ModelData, plan: RunPlan, hooks: ComputeHooks): CalcResult {
  if (plan.strategy) model.settings.step2Strategy = plan.strategy;
  let current = 0;
  let startedAt = performance.now();
  const durations = new Map<number, number>();
  const result = calculate(model, {
    detailBudget: plan.detailBudget,
    detailRecordLimit: plan.detailLimit,
    // The trace of a kept record by activity, for what rolls up to it from records past the limit.
    rollUpDetail: true,
    shouldStop: hooks.shouldStop,
    onProgress: ({ step, fraction }) => {
      if (step !== current) {
        const now = performance.now();
        if (current) durations.set(current, now - startedAt);
        current = step;
        startedAt = now;
      }
      const [from, to] = STEP_SPAN[step] ?? [0, 1];
      hooks.progress(from + (to - from) * Math.min(1, Math.max(0, fraction)), `progress.step${step}`);
    },
  });
  if (current) durations.set(current, performance.now() - startedAt);
  for (const check of result.checks) {
    // Steps 4 and 5 run together in the engine (activity by activity): one duration for both.
    const phase = check.step === 5 ? 4 : check.step;
    hooks.log({
      level: check.ok ? "INFO" : "ERROR",
      key: check.notAllocated === undefined ? "log.step" : "log.stepWithKept",
      values: {
        step: check.step,
        in: check.in / 10 ** result.minorDigits,
        allocated: check.allocated / 10 ** result.minorDigits,
        unallocated: check.unallocated / 10 ** result.minorDigits,
        kept: (check.notAllocated ?? 0) / 10 ** result.minorDigits,
        currency: result.currency,
        ms: Math.round(durations.get(phase) ?? 0),
      },
    });
  }
  for (const warning of result.warnings)
    hooks.log({ level: "WARNING", key: "log.warning", values: { warning } });
  for (const issue of result.issues) {
    hooks.log({ level: "WARNING", key: "log.issue", values: { kind: issue.kind, message: issue.message } });
  }
  return result;
}

export function buildStepsOutput(
  model: ModelData,
  result: CalcResult,
  plan: RunPlan,
  ids: CodeIds,
): RunOutput {
  const { tables, stats } = buildResultRows(model, result, plan, ids);
  const meta: RunMeta = {
    scenarioId: plan.scenarioId,
    currency: result.currency,
    minorDigits: result.minorDigits,
    glTotal: glTotalMinor(model, result.minorDigits),
    detailLimit: plan.detailLimit,
  };
  return { phase: "steps", categories: plan.stepCategories, meta, tables, stats };
}

export function buildReportsOutput(
  model: ModelData,
  result: CalcResult,
  plan: RunPlan,
  ids: CodeIds,
  onDimension?: (done: number, total: number) => void,
): RunOutput {
  return {
    phase: "reports",
    categories: plan.reportCategories,
    reports: {
      summaryHead: summaryHeadText(model, result, ids),
      validation: buildValidationReport(model, result, ids),
      sankey: buildSankey(model, result),
    },
    // Per-record tables stay generators here: they are produced while they are copied.
    data: buildReportData(model, result, plan, ids, onDimension),
  };
}

/**
 * The results summary without its per-record parts, and the ids of its dimensions: the API
 * streams the rest from the report data when the summary is asked for (stream-summary.ts), so a
 * summary of millions of records is not built in every calculate-all.
 */
export function summaryHeadText(model: ModelData, result: CalcResult, ids: CodeIds): string {
  const dimensions: Record<string, number> = {};
  for (const code of result.dimensions.keys()) {
    const id = ids.dimensions[code];
    if (id !== undefined) dimensions[code] = id;
  }
  // The order of each record row's first values (report-data.ts).
  const lines = linesInRank(model).map((l) => l.code);
  return JSON.stringify({ dimensions, lines, summary: buildSummaryHead(model, result) });
}
