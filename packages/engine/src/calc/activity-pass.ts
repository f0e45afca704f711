// Steps 4 and 5, activity by activity: split the activity's cost over the records of its step-4
// dimension, push it down its step-5 rules top-down, then add what rests on each record to the
// dimension totals (and to the per-activity vectors that ACT lines need). One activity's vectors
// live at a time, in reused buffers, so memory stays O(records), not O(records x activities).

import type { Step4Rule, Step5Rule } from "../model/types.ts";
import { byCode, type CalcContext } from "./context.ts";
import { CalcError } from "./errors.ts";
import { orderPushes, type PushEngine, type PushRule } from "./pushes.ts";
import { rat, ratToNumber } from "./rational.ts";
import type { ActivityResult, DimensionResult, PushResult, StepCheck } from "./result-types.ts";
import type { RollDetail } from "./roll-detail.ts";
import { describeSpec, type WeightResolver, type WeightSpec } from "./weight-resolver.ts";

interface ActivityPassOutput {
  activities: ActivityResult[];
  pushes: PushResult[];
  step4Check: StepCheck | null;
  step5Check: StepCheck | null;
  /** Resting cost per referenced activity per dimension (minor units), for ACT lines. */
  actResting: Map<string, Map<string, Float64Array>>;
}

export function step4Spec(rule: Step4Rule): WeightSpec {
  if (rule.splitType === "EVEN") return { kind: "EVEN" };
  if (rule.splitType === "DRIVER") {
    if (!rule.driver) {
      throw new CalcError(
        "UNKNOWN_REFERENCE",
        `Step 4 rule of ${rule.activity}: DRIVER split without a driver`,
        {
          rule: rule.activity,
        },
      );
    }
    return { kind: "DRIVER", driver: rule.driver };
  }
  return { kind: "FORMULA", formula: rule.equation ?? "=" };
}

export function step4Label(rule: Step4Rule): string {
  return `Step 4 rule ${rule.activity} -> ${rule.dimension} (${describeSpec(step4Spec(rule))})`;
}

/** Step-4 rules by activity; at most one per activity. */
export function step4Rules(ctx: CalcContext): Map<string, Step4Rule> {
  const activities = new Set(ctx.model.activities.map((a) => a.code));
  const dimensions = new Set(ctx.model.dimensions.map((d) => d.code));
  const rules = new Map<string, Step4Rule>();
  for (const rule of ctx.model.rules.step4) {
    if (!activities.has(rule.activity) || !dimensions.has(rule.dimension)) {
      throw new CalcError("UNKNOWN_REFERENCE", `${step4Label(rule)}: unknown activity or dimension`, {
        rule: step4Label(rule),
      });
    }
    if (rules.has(rule.activity)) {
      throw new CalcError(
        "STEP4_DUPLICATE_RULE",
        `Step 4: activity ${rule.activity} has more than one rule`,
        {
          activity: rule.activity,
        },
      );
    }
    rules.set(rule.activity, rule);
  }
  return rules;
}

export function step5Plans(ctx: CalcContext): Map<string, PushRule[]> {
  const activities = new Set(ctx.model.activities.map((a) => a.code));
  const dimensions = new Set(ctx.model.dimensions.map((d) => d.code));
  const byActivity = new Map<string, PushRule[]>();
  for (const r of ctx.model.rules.step5 as Step5Rule[]) {
    const label = `Step 5 rule ${r.activity}: ${r.parentDimension} -> ${r.childDimension}`;
    if (
      !activities.has(r.activity) ||
      !dimensions.has(r.parentDimension) ||
      !dimensions.has(r.childDimension)
    ) {
      throw new CalcError("UNKNOWN_REFERENCE", `${label}: unknown activity or dimension`, { rule: label });
    }
    const list = byActivity.get(r.activity) ?? [];
    list.push({ parent: r.parentDimension, child: r.childDimension, split: r.split, label });
    byActivity.set(r.activity, list);
  }
  const plans = new Map<string, PushRule[]>();
  for (const [activity, rules] of byActivity) plans.set(activity, orderPushes(activity, rules, 5));
  return plans;
}

export function runActivityPass(
  ctx: CalcContext,
  activityCost: Map<string, number>,
  rules4: Map<string, Step4Rule>,
  plans: Map<string, PushRule[]>,
  weights: WeightResolver,
  pushes: PushEngine,
  dims: Map<string, DimensionResult>,
  referenced: ReadonlySet<string>,
  roll: RollDetail | null = null,
): ActivityPassOutput {
  // Dimensions whose per-activity values the roll-up detail reads: step-4 amounts on them go
  // through the activity's vector (never straight into the totals), which changes no figure
  // (integer sums); pushes into them add what they move to the roll-up themselves.
  const rolls = roll?.sources ?? new Set<string>();
  const codes = ctx.model.activities.map((a) => a.code).sort(byCode);
  const tdabc = new Set(ctx.model.activities.filter((a) => a.isTdabc).map((a) => a.code));
  const buffers = new Map<string, Float64Array>();
  const touched = new Set<string>();
  /** The dimension's reused vector (zeros between activities). */
  const bufferOf = (dim: string): Float64Array => {
    let v = buffers.get(dim);
    if (!v) {
      v = ctx.arena.float64(ctx.recordCount(dim));
      buffers.set(dim, v);
    }
    return v;
  };
  const vectorOf = (dim: string): Float64Array => {
    touched.add(dim);
    return bufferOf(dim);
  };
  const sinks = {
    unallocated: (dim: string) => dims.get(dim)?.unallocated ?? null,
    notAllocated: (dim: string) => dims.get(dim)?.notAllocated ?? null,
  };
  const activities: ActivityResult[] = [];
  const pushResults: PushResult[] = [];
  const actResting = new Map<string, Map<string, Float64Array>>();
  // Running totals of the checks as plain locals (no object fields changing representation from
  // small integers to doubles, which deoptimizes the loop).
  let in4 = 0;
  let allocated4 = 0;
  let unallocated4 = 0;
  let in5 = 0;
  let allocated5 = 0;
  let unallocated5 = 0;
  let notAllocated5 = 0;
  for (let k = 0; k < codes.length; k++) {
    const code = codes[k]!;
    ctx.checkStop(4);
    ctx.progress(4, k / Math.max(1, codes.length), `Activity ${code}`);
    const cost = activityCost.get(code) ?? 0;
    const rule = rules4.get(code);
    let quantity = 0;
    let costPerUnit: number | null = null;
    let allocated = 0;
    let unallocated = cost;
    let amounts: Float64Array | null = null;
    if (rule) {
      const label = step4Label(rule);
      const column = weights.column(rule.dimension, step4Spec(rule), label);
      quantity = ratToNumber(rat(column.totalBig, 10n ** BigInt(column.decimals)));
      if (quantity !== 0) costPerUnit = cost / quantity / 10 ** ctx.digits;
      if (column.totalBig === 0n) {
        if (cost !== 0) {
          ctx.issue({
            kind: "ZERO_DRIVER_SUM",
            step: 4,
            message: `Please, set driver values: ${label} has weights summing to 0; ${code} stays unallocated`,
            details: {
              activity: code,
              dimension: rule.dimension,
              driver: rule.driver ?? rule.equation ?? rule.splitType,
            },
          });
        }
      } else if (
        !plans.has(code) &&
        !referenced.has(code) &&
        !ctx.canKeep(column.n) &&
        dims.has(rule.dimension) &&
        !rolls.has(rule.dimension)
      ) {
        // Amounts needed only in the dimension's totals: split straight into them.
        const rest = dims.get(rule.dimension)!.restingCost;
        allocated = ctx.splitter.splitColumnInto(cost, column, rest, bufferOf(rule.dimension));
        unallocated = cost - allocated;
        amounts = ctx.notKept(column.n);
      } else {
        const vec = vectorOf(rule.dimension);
        ctx.splitter.splitColumn(cost, column, vec);
        allocated = sumOf(vec);
        unallocated = cost - allocated;
        amounts = ctx.keep(vec);
      }
    } else if (cost !== 0) {
      ctx.issue({
        kind: "ACTIVITY_WITHOUT_RULE",
        step: 4,
        message: `Activity ${code} has cost and no step-4 rule: it stays unallocated`,
        details: { activity: code, amount: cost },
      });
    }
    in4 += cost;
    allocated4 += allocated;
    unallocated4 += unallocated;
    activities.push({
      code,
      isTdabc: tdabc.has(code),
      cost,
      dimension: rule?.dimension ?? null,
      quantity,
      costPerUnit,
      allocated,
      unallocated,
      amounts,
    });

    const keepForPnl = referenced.has(code);
    const plan = plans.get(code) ?? [];
    for (let i = 0; i < plan.length; i++) {
      const push = plan[i]!;
      // What reaches a dimension that no later push of the activity leaves, and that no P&L line
      // reads per activity, goes straight into the dimension's totals (sums of integers: exact in
      // any order), not through the activity's vector; into a rolled dimension too, the push then
      // adding what it moves to the roll-up detail itself (roll-detail.ts, pushRoll).
      let into: Float64Array | null = null;
      if (!keepForPnl && !plan.some((q, j) => j > i && q.parent === push.child)) {
        into = dims.get(push.child)?.restingCost ?? null;
      }
      const rolled = into !== null && rolls.has(push.child) ? roll : null;
      const r = pushes.run(5, code, rule?.dimension ?? push.parent, push, vectorOf, sinks, into, rolled);
      in5 += r.in;
      allocated5 += r.allocated;
      unallocated5 += r.unallocated;
      notAllocated5 += r.notAllocated;
      pushResults.push(r);
    }

    for (const dim of touched) {
      const v = buffers.get(dim)!;
      if (keepForPnl) {
        const byDim = actResting.get(code) ?? new Map<string, Float64Array>();
        byDim.set(dim, ctx.copy(v));
        actResting.set(code, byDim);
      }
      const target = dims.get(dim);
      // A rolled dimension's values: rolled up, into the totals and cleared in one pass if it can.
      if (target && rolls.has(dim) && roll!.addAndClear(code, dim, v, target.restingCost)) continue;
      if (rolls.has(dim)) roll!.add(code, dim, v);
      if (target) addAndClear(target.restingCost, v);
      else v.fill(0);
    }
    touched.clear();
  }
  pushes.flushDeferred();
  const c4 = { in: in4, allocated: allocated4, unallocated: unallocated4 };
  const c5 = { in: in5, allocated: allocated5, unallocated: unallocated5, notAllocated: notAllocated5 };
  const step4Check: StepCheck | null =
    ctx.model.rules.step4.length > 0 || c4.in !== 0
      ? { step: 4, ...c4, ok: c4.in === c4.allocated + c4.unallocated }
      : null;
  const step5Check: StepCheck | null =
    ctx.model.rules.step5.length > 0
      ? { step: 5, ...c5, ok: c5.in === c5.allocated + c5.unallocated + c5.notAllocated }
      : null;
  return { activities, pushes: pushResults, step4Check, step5Check, actResting };
}

/** Sum of a vector of minor units (exact: integers below 2^53). */
function sumOf(v: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]!;
  return sum;
}

/** rest += v, and v cleared for the next activity, in one pass. */
function addAndClear(rest: Float64Array, v: Float64Array): void {
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    if (x !== 0) {
      rest[i] = rest[i]! + x;
      v[i] = 0;
    }
  }
}
