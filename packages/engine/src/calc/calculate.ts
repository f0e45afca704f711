// The calculation: steps 1 to 6, roll-up, P&L and whale curves, with a conservation check after
// every step. Synchronous and pure: the worker thread calls it and persists the result.

import type { ModelData, Step4Rule } from "../model/types.ts";
import { runActivityPass, step4Label, step4Rules, step4Spec, step5Plans } from "./activity-pass.ts";
import { computeCalculatedDrivers } from "./calculated-drivers.ts";
import { byCode, CalcContext, type CalcOptions } from "./context.ts";
import { isKnownCurrencyShape, minorDigits } from "./currency.ts";
import { CalcError } from "./errors.ts";
import { float64Block } from "./float64-block.ts";
import { computePnl, referencedActivities } from "./pnl.ts";
import { PushEngine } from "./pushes.ts";
import { type Rat, rat, ZERO } from "./rational.ts";
import { Relations } from "./relations.ts";
import type { CalcResult, DimensionResult, StepCheck, WhaleResult } from "./result-types.ts";
import { RollDetail } from "./roll-detail.ts";
import { loadAccountAmounts, runStep1 } from "./step1.ts";
import { runStep2 } from "./step2.ts";
import { runStep3 } from "./step3.ts";
import { runStep6 } from "./step6.ts";
import { WeightResolver } from "./weight-resolver.ts";
import { whaleCurve } from "./whale.ts";

export { CalcError, CalcStoppedError } from "./errors.ts";
export type { CalcResult } from "./result-types.ts";

export function calculate(model: ModelData, options: CalcOptions = {}): CalcResult {
  const currency = model.info.scenario.currency || "EUR";
  const digits = minorDigits(currency);
  const ctx = new CalcContext(model, digits, options);
  if (!isKnownCurrencyShape(currency)) {
    ctx.warnings.push(`Currency "${currency}" is not an ISO 4217 code; using 2 decimals`);
  }
  const knownDrivers = new Set(model.poolDrivers.map((d) => d.name));
  const lookup = poolDriverLookup(model);

  ctx.progress(1, 0, "Financial accounts to cost pools");
  const amounts = loadAccountAmounts(ctx);
  const s1 = runStep1(ctx, amounts, knownDrivers, lookup);
  ctx.checkStop(1);

  ctx.progress(2, 0, "Indirect cost pools to cost pools");
  const s2 = runStep2(ctx, s1.poolCost, knownDrivers, lookup);
  ctx.checkStop(2);

  ctx.progress(3, 0, "Direct cost pools to activities");
  const drivers = computeCalculatedDrivers(ctx);
  const relations = new Relations(ctx);
  const weights = new WeightResolver(ctx, drivers);
  const rules4 = step4Rules(ctx);
  const s3 = runStep3(ctx, s2.directTotals, s1.poolCost, tdabcQuantities(rules4, weights), lookup);
  ctx.checkStop(3);

  ctx.progress(4, 0, "Activities to dimensions");
  const dimensions = dimensionResults(ctx, relations);
  const pushes = new PushEngine(ctx, relations, weights);
  const roll = ctx.rollUpDetail ? new RollDetail(ctx, relations) : null;
  const pass = runActivityPass(
    ctx,
    s3.activityCost,
    rules4,
    step5Plans(ctx),
    weights,
    pushes,
    dimensions,
    referencedActivities(ctx),
    roll !== null && roll.sources.size > 0 ? roll : null,
  );
  const rolledDetail = roll?.finish(dimensions) ?? new Map();
  rollUpCosts(relations, dimensions);

  ctx.progress(6, 0, "Calculated drivers to dimensions");
  const s6 = runStep6(ctx, drivers, pushes);

  ctx.progress(7, 0, "P&L and whale curves");
  const pnl = computePnl(ctx, relations, pass.actResting, drivers);
  const whale = whaleCurves(ctx, pnl, digits);
  const checks = [s1.check, s2.check, s3.check, pass.step4Check, pass.step5Check, s6.check].filter(
    (c): c is StepCheck => c !== null,
  );
  throwOnFailedCheck(checks);
  ctx.progress(7, 1, "Finished");
  return {
    currency,
    minorDigits: digits,
    warnings: ctx.warnings,
    issues: ctx.issues,
    checks,
    accounts: s1.accounts,
    pools: [...s2.indirect, ...s3.direct].sort((a, b) => byCode(a.code, b.code)),
    step1: { rows: s1.rows, flows: s1.flows },
    step2: { strategy: model.settings.step2Strategy, rows: s2.rows, flows: s2.flows },
    step3: { rows: s3.rows, flows: s3.flows, tdabcRows: s3.tdabcRows, tdabcPools: s3.tdabcPools },
    activities: pass.activities,
    dimensions,
    step5: pass.pushes,
    step6: s6.pushes,
    calculatedDrivers: drivers,
    pnl,
    whale,
    rolled: rolledDetail,
  };
}

/** The value of a pool driver for a pool, from pool_driver_values (undefined when absent). */
function poolDriverLookup(model: ModelData): (driver: string, pool: string) => number | undefined {
  const driverValues = new Map<string, number>();
  for (const v of model.poolDriverValues) driverValues.set(`${v.driver}\u0000${v.pool}`, v.value);
  return (driver: string, pool: string) => driverValues.get(`${driver}\u0000${pool}`);
}

/** Exact quantity Q_t of an activity for step 3: the total of its step-4 weights; ZERO without a rule. */
function tdabcQuantities(rules4: Map<string, Step4Rule>, weights: WeightResolver): (activity: string) => Rat {
  return (activity: string) => {
    const rule = rules4.get(activity);
    if (!rule) return ZERO;
    const column = weights.column(rule.dimension, step4Spec(rule), step4Label(rule));
    return rat(column.totalBig, 10n ** BigInt(column.decimals));
  };
}

/** The per-record result arrays of every dimension, in relations order. */
function dimensionResults(ctx: CalcContext, relations: Relations): Map<string, DimensionResult> {
  const dimensions = new Map<string, DimensionResult>();
  // Resting, unallocated, not-allocated and (after the roll-up) total cost of every record of
  // every dimension, allocated together.
  const perRecord = float64Block(
    relations.order.flatMap((code) => new Array<number>(4).fill(ctx.recordCount(code))),
  );
  relations.order.forEach((code, d) => {
    dimensions.set(code, {
      code,
      identifiers: ctx.records(code)!.identifiers,
      restingCost: perRecord[4 * d]!,
      cost: perRecord[4 * d + 3]!,
      unallocated: perRecord[4 * d + 1]!,
      notAllocated: perRecord[4 * d + 2]!,
    });
  });
  return dimensions;
}

/** Total cost of every record: its resting cost plus the resting cost of the records pointing to it. */
function rollUpCosts(relations: Relations, dimensions: Map<string, DimensionResult>): void {
  const rolled = new Map<string, Float64Array>();
  for (const [code, dim] of dimensions) {
    dim.cost.set(dim.restingCost);
    rolled.set(code, dim.cost);
  }
  relations.rollUp(rolled);
}

function whaleCurves(ctx: CalcContext, pnl: CalcResult["pnl"], digits: number): Map<string, WhaleResult> {
  const whale = new Map<string, WhaleResult>();
  if (pnl.profitLine !== null) {
    for (const [dim, result] of pnl.byDimension) {
      whale.set(dim, whaleCurve(dim, pnl.profitLine, result.profit, digits, ctx.arena));
    }
  }
  return whale;
}

/** A failed conservation check stops the calculation (the first one, in step order). */
function throwOnFailedCheck(checks: StepCheck[]): void {
  const failed = checks.find((c) => !c.ok);
  if (failed) {
    throw new CalcError(
      "CHECK_FAILED",
      `Conservation check failed after step ${failed.step}: in ${failed.in} != allocated ${failed.allocated} + unallocated ${failed.unallocated}${failed.notAllocated === undefined ? "" : ` + not allocated ${failed.notAllocated}`}`,
      { ...failed },
    );
  }
}
