// Step 3: direct cost pools to activities. Ordinary pools route percentages like step 1. A pool
// with any rule to a TDABC activity is time-driven (fixed choice 4): it routes only through time,
// cost per minute D_k / Cap_k, amount round(u_t * Q_t * D_k / Cap_k), the rest is unused capacity.

import type { Activity, CostPool, Step3Rule } from "../model/types.ts";
import { byCode, type CalcContext } from "./context.ts";
import { CalcError } from "./errors.ts";
import { splitBigToNumbers } from "./largest-remainder.ts";
import {
  add,
  cmp,
  commonWeights,
  div,
  mul,
  type Rat,
  ratInt,
  ratOf,
  ratToNumber,
  roundRat,
  ZERO,
} from "./rational.ts";
import type {
  AllocationRow,
  AllocationStatus,
  Flow,
  PoolResult,
  StepCheck,
  TdabcPoolResult,
  TdabcRow,
} from "./result-types.ts";
import { percentageOf } from "./rule-shares.ts";
import { statusOf } from "./status.ts";

interface Step3Output {
  rows: AllocationRow[];
  flows: Flow[];
  tdabcRows: TdabcRow[];
  tdabcPools: TdabcPoolResult[];
  direct: PoolResult[];
  /** Cost received per activity code. */
  activityCost: Map<string, number>;
  check: StepCheck | null;
}

/** Exact quantity Q_t of an activity (sum of its step-4 weights); ZERO without a step-4 rule. */
type QuantityOf = (activity: string) => Rat;

export function runStep3(
  ctx: CalcContext,
  directTotals: Map<string, number>,
  afterStep1: Map<string, number>,
  quantityOf: QuantityOf,
  lookup: (driver: string, pool: string) => number | undefined,
): Step3Output {
  const { model } = ctx;
  const pools = new Map(model.pools.map((p) => [p.code, p]));
  const activities = new Map(model.activities.map((a) => [a.code, a]));
  const rulesByPool = step3RulesByPool(model.rules.step3, pools, activities);
  const tdabcDriver = model.poolDrivers.find((d) => d.isTdabc)?.name ?? null;
  const activityCost = new Map<string, number>(model.activities.map((a) => [a.code, 0]));
  const rows: AllocationRow[] = [];
  const flowMap = new Map<string, Flow>();
  const tdabcRows: TdabcRow[] = [];
  const tdabcPools: TdabcPoolResult[] = [];
  const direct: PoolResult[] = [];
  let totalIn = 0;
  let totalAllocated = 0;
  const scale = 10 ** ctx.digits;

  const addFlow = (pool: string, activity: string, amount: number) => {
    const key = `${pool}\u0000${activity}`;
    const flow = flowMap.get(key);
    if (flow) flow.amount += amount;
    else flowMap.set(key, { step: 3, source: pool, destination: activity, amount });
    activityCost.set(activity, activityCost.get(activity)! + amount);
  };

  const directCodes = model.pools
    .filter((p) => p.isDirect)
    .map((p) => p.code)
    .sort(byCode);
  for (const code of directCodes) {
    const d = directTotals.get(code) ?? 0;
    totalIn += d;
    const rules = (rulesByPool.get(code) ?? [])
      .slice()
      .sort((a, b) => byCode(a.activity, b.activity) || a.percentage - b.percentage);
    const timeDriven = rules.some((r) => activities.get(r.activity)!.isTdabc);
    let allocated = 0;
    let status: AllocationStatus;
    let totalPercentage = 0;
    if (timeDriven) {
      const capValue = timeDrivenCapacity(code, rules, activities, tdabcDriver, lookup);
      const cap = ratOf(capValue);
      const costPerMinute = div(ratInt(d), cap);
      let used = ZERO;
      const pending: TdabcRow[] = [];
      for (const r of rules) {
        const u = r.unitMinutes;
        if (u === null || !Number.isFinite(u) || u < 0) {
          throw new CalcError(
            "TDABC_UNIT_MINUTES",
            `Step 3 rule ${code} -> ${r.activity}: unit minutes must be a number >= 0, got ${u}`,
            { pool: code, activity: r.activity, value: u },
          );
        }
        const unit = ratOf(u);
        const q = quantityOf(r.activity);
        const minutes = mul(unit, q);
        used = add(used, minutes);
        const amount = Number(roundRat(mul(minutes, costPerMinute)));
        allocated += amount;
        addFlow(code, r.activity, amount);
        pending.push({
          pool: code,
          activity: r.activity,
          unitMinutes: u,
          quantity: ratToNumber(q),
          capacity: ratToNumber(minutes),
          costPerMinute: ratToNumber(costPerMinute) / scale,
          costPerUnit: ratToNumber(mul(unit, costPerMinute)) / scale,
          unallocatedCapacity: 0,
          totalCost: d,
          sourceCapacity: capValue,
          timeDrivenAmount: amount,
        });
      }
      const unusedMinutes = ratToNumber(add(cap, mul(used, ratInt(-1))));
      for (const row of pending) row.unallocatedCapacity = unusedMinutes;
      tdabcRows.push(...pending);
      const c = cmp(used, cap);
      status = c === 0 ? "FULLY_ALLOCATED" : c < 0 ? "UNDER_ALLOCATED" : "OVER_ALLOCATED";
      totalPercentage = ratToNumber(div(used, cap)) * 100;
      if (c > 0) {
        ctx.issue({
          kind: "OVER_CAPACITY",
          step: 3,
          message: `Pool ${code} uses ${ratToNumber(used)} minutes, more than its practical capacity of ${capValue}`,
          details: { pool: code, capacity: capValue, minutesUsed: ratToNumber(used) },
        });
      }
      tdabcPools.push({
        pool: code,
        capacity: capValue,
        costPerMinute: ratToNumber(costPerMinute) / scale,
        minutesUsed: ratToNumber(used),
        unallocatedCapacity: unusedMinutes,
        unusedCapacityCost: d - allocated,
        status,
      });
      for (const row of pending) {
        rows.push({
          source: code,
          destination: row.activity,
          amount: row.timeDrivenAmount,
          status,
          originalAmount: d,
          allocatedAmount: 0,
        });
      }
    } else {
      const shares = rules.map((r) => percentageOf(r.percentage, `Step 3 rule ${code} -> ${r.activity}`));
      const total = shares.reduce(add, ZERO);
      totalPercentage = ratToNumber(total) * 100;
      status = statusOf(total);
      const routed = Number(roundRat(mul(ratInt(d), total)));
      const weights = commonWeights(shares);
      const parts = weights.some((w) => w > 0n) ? splitBigToNumbers(routed, weights) : weights.map(() => 0);
      rules.forEach((r, i) => {
        const amount = parts[i]!;
        allocated += amount;
        addFlow(code, r.activity, amount);
        rows.push({
          source: code,
          destination: r.activity,
          amount,
          status,
          originalAmount: d,
          allocatedAmount: 0,
        });
      });
      if (rules.length === 0 && d !== 0) {
        ctx.issue({
          kind: "UNALLOCATED",
          step: 3,
          message: `Direct pool ${code} has cost and no step-3 rule: fully unallocated`,
          details: { pool: code, amount: d },
        });
      }
    }
    for (const row of rows) if (row.source === code) row.allocatedAmount = allocated;
    totalAllocated += allocated;
    direct.push({
      code,
      isDirect: true,
      afterStep1: afterStep1.get(code) ?? 0,
      total: d,
      unallocated: d - allocated,
      status,
      totalPercentage,
      timeDriven,
    });
  }
  const flows = [...flowMap.values()].filter((f) => f.amount !== 0);
  return {
    rows,
    flows,
    tdabcRows,
    tdabcPools,
    direct,
    activityCost,
    check:
      model.rules.step3.length > 0 || totalIn !== 0
        ? step3Check(totalIn, totalAllocated, activityCost)
        : null,
  };
}

/** The step-3 rules of each pool; a rule naming an unknown pool or activity, or an indirect pool, stops the calculation. */
function step3RulesByPool(
  rules: Step3Rule[],
  pools: Map<string, CostPool>,
  activities: Map<string, Activity>,
): Map<string, Step3Rule[]> {
  const rulesByPool = new Map<string, Step3Rule[]>();
  for (const rule of rules) {
    const label = `Step 3 rule ${rule.pool} -> ${rule.activity}`;
    const pool = pools.get(rule.pool);
    if (!pool || !activities.has(rule.activity)) {
      throw new CalcError("UNKNOWN_REFERENCE", `${label}: unknown pool or activity`, { rule: label });
    }
    if (!pool.isDirect) {
      throw new CalcError("STEP3_SOURCE_NOT_DIRECT", `${label}: the source must be a direct pool`, {
        rule: label,
        pool: rule.pool,
      });
    }
    const list = rulesByPool.get(rule.pool);
    if (list) list.push(rule);
    else rulesByPool.set(rule.pool, [rule]);
  }
  return rulesByPool;
}

/**
 * Practical capacity of a time-driven pool (its TDABC driver value), once its rules are checked:
 * they all target TDABC activities, the model has a TDABC driver and the capacity is > 0.
 */
function timeDrivenCapacity(
  code: string,
  rules: Step3Rule[],
  activities: Map<string, Activity>,
  tdabcDriver: string | null,
  lookup: (driver: string, pool: string) => number | undefined,
): number {
  for (const r of rules) {
    if (!activities.get(r.activity)!.isTdabc) {
      throw new CalcError(
        "TDABC_NON_TDABC_RULE",
        `Step 3: pool ${code} is time-driven, but its rule to activity ${r.activity} targets a non-TDABC activity`,
        { pool: code, activity: r.activity },
      );
    }
  }
  if (tdabcDriver === null) {
    throw new CalcError(
      "TDABC_NO_DRIVER",
      `Step 3: pool ${code} is time-driven but the model has no TDABC driver`,
      {
        pool: code,
      },
    );
  }
  const capValue = lookup(tdabcDriver, code);
  if (capValue === undefined || !Number.isFinite(capValue) || capValue <= 0) {
    throw new CalcError(
      "TDABC_CAPACITY",
      `Step 3: time-driven pool ${code} needs a practical capacity > 0 (driver ${tdabcDriver}), got ${capValue ?? "none"}`,
      { pool: code, driver: tdabcDriver, value: capValue ?? null },
    );
  }
  return capValue;
}

/** The step-3 conservation check: what entered = what the activities received + what stayed on the pools. */
function step3Check(totalIn: number, totalAllocated: number, activityCost: Map<string, number>): StepCheck {
  const unallocated = totalIn - totalAllocated;
  return {
    step: 3,
    in: totalIn,
    allocated: [...activityCost.values()].reduce((a, b) => a + b, 0),
    unallocated,
    ok: totalIn === [...activityCost.values()].reduce((a, b) => a + b, 0) + unallocated,
  };
}
