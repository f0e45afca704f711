// Step 2: indirect cost pools to cost pools by the reciprocal method, solved exactly:
// x = C + A x over the indirect pools (LU with partial pivoting); exits (to direct pools and the
// unrouted part of each source) are rounded jointly so they sum to sum C_i (fixed choice 3).

import type { Step2Rule } from "../model/types.ts";
import { byCode, type CalcContext } from "./context.ts";
import { CalcError } from "./errors.ts";
import { roundFloatMinor, roundJointly } from "./joint-rounding.ts";
import { luSolve } from "./lu-solve.ts";
import { add, cmp, div, isZero, ONE, type Rat, ratToNumber, sub, ZERO } from "./rational.ts";
import type { AllocationRow, AllocationStatus, Flow, PoolResult, StepCheck } from "./result-types.ts";
import { computeShares, type PoolDriverLookup } from "./rule-shares.ts";
import { statusOf } from "./status.ts";
import { ruleRowOrder } from "./step1.ts";

interface Step2Output {
  rows: AllocationRow[];
  flows: Flow[];
  /** D_k for every direct pool and x_i (rounded) for indirect ones. */
  directTotals: Map<string, number>;
  indirect: PoolResult[];
  check: StepCheck | null;
}

interface Source {
  code: string;
  cost: number;
  /** Share per destination (rows of a pair summed), effective after the strategy. */
  shares: Map<string, Rat>;
  total: Rat;
  originalTotal: Rat;
}

export function runStep2(
  ctx: CalcContext,
  poolCost: Map<string, number>,
  knownDrivers: ReadonlySet<string>,
  lookup: PoolDriverLookup,
): Step2Output {
  const { model } = ctx;
  const isDirect = new Map(model.pools.map((p) => [p.code, p.isDirect]));
  const indirectCodes = model.pools
    .filter((p) => !p.isDirect)
    .map((p) => p.code)
    .sort(byCode);
  const index = new Map(indirectCodes.map((c, i) => [c, i]));
  const rulesBySource = step2RulesBySource(model.rules.step2, isDirect);
  const sources = step2Sources(ctx, indirectCodes, rulesBySource, poolCost, knownDrivers, lookup);
  checkExits(sources, index);

  const n = sources.length;
  const x = solveReciprocal(sources, index);
  // Exits in the order of fixed choice 3: source code, destination code, unallocated last.
  const exits = exitsOf(sources, index, x);
  const target = sources.reduce((s, src) => s + src.cost, 0);
  const rounded = roundJointly(
    exits.map((e) => e.raw),
    target,
  );
  const directTotals = new Map<string, number>();
  for (const p of model.pools) if (p.isDirect) directTotals.set(p.code, poolCost.get(p.code) ?? 0);
  const unallocated = new Float64Array(n);
  const toDirect = new Map<string, number>();
  let allocated = 0;
  let unallocatedTotal = 0;
  exits.forEach((exit, k) => {
    const amount = rounded[k]!;
    if (exit.dest === null) {
      unallocated[exit.source] = amount;
      unallocatedTotal += amount;
      return;
    }
    directTotals.set(exit.dest, directTotals.get(exit.dest)! + amount);
    toDirect.set(`${exit.source}\u0000${exit.dest}`, amount);
    allocated += amount;
  });

  const { rows, flows, indirect } = step2Results(ctx, sources, index, x, toDirect, unallocated);
  const hasStep = model.rules.step2.length > 0 || target !== 0;
  const check: StepCheck | null = hasStep
    ? {
        step: 2,
        in: target,
        allocated,
        unallocated: unallocatedTotal,
        ok: target === allocated + unallocatedTotal,
      }
    : null;
  return { rows, flows, directTotals, indirect, check };
}

/** The step-2 rules of each source pool; a rule naming an unknown pool, a direct source or itself stops the calculation. */
function step2RulesBySource(rules: Step2Rule[], isDirect: Map<string, boolean>): Map<string, Step2Rule[]> {
  const rulesBySource = new Map<string, Step2Rule[]>();
  for (const rule of rules) {
    const label = `Step 2 rule ${rule.source} -> ${rule.destination}`;
    if (!isDirect.has(rule.source) || !isDirect.has(rule.destination)) {
      throw new CalcError("UNKNOWN_REFERENCE", `${label}: unknown pool`, { rule: label });
    }
    if (isDirect.get(rule.source)) {
      throw new CalcError("STEP2_SOURCE_NOT_INDIRECT", `${label}: the source must be an indirect pool`, {
        rule: label,
        pool: rule.source,
      });
    }
    if (rule.source === rule.destination) {
      throw new CalcError("STEP2_SELF_ALLOCATION", `${label}: a pool cannot allocate to itself`, {
        rule: label,
        pool: rule.source,
      });
    }
    const list = rulesBySource.get(rule.source);
    if (list) list.push(rule);
    else rulesBySource.set(rule.source, [rule]);
  }
  return rulesBySource;
}

/** Each indirect pool's cost and shares per destination, after the strategy (not_allocate, rebalance). */
function step2Sources(
  ctx: CalcContext,
  indirectCodes: string[],
  rulesBySource: Map<string, Step2Rule[]>,
  poolCost: Map<string, number>,
  knownDrivers: ReadonlySet<string>,
  lookup: PoolDriverLookup,
): Source[] {
  const strategy = ctx.model.settings.step2Strategy;
  return indirectCodes.map((code) => {
    const rows = (rulesBySource.get(code) ?? [])
      .map((r) => ({ destination: r.destination, type: r.type, percentage: r.percentage, driver: r.driver }))
      .sort(ruleRowOrder);
    const label = `Step 2 rule of pool ${code}`;
    const { shares, total, zeroGroups } = rows.length
      ? computeShares(label, rows, knownDrivers, lookup)
      : { shares: [], total: ZERO, zeroGroups: [] };
    for (const driver of zeroGroups) {
      ctx.issue({
        kind: "ZERO_DRIVER_SUM",
        step: 2,
        message: `Please, set driver values: driver ${driver} sums to 0 for the destinations of pool ${code}`,
        details: { pool: code, driver },
      });
    }
    const originalTotal = total;
    let effective = total;
    const byDest = new Map<string, Rat>();
    rows.forEach((row, i) => {
      byDest.set(row.destination, add(byDest.get(row.destination) ?? ZERO, shares[i]!));
    });
    if (strategy === "not_allocate" && cmp(total, ONE) > 0) {
      throw new CalcError(
        "STEP2_OVER_ALLOCATED",
        `Step 2: pool ${code} routes ${ratToNumber(total) * 100}% (> 100%), which would create money`,
        { pool: code, percentage: ratToNumber(total) * 100 },
      );
    }
    if (strategy === "rebalance" && !isZero(total)) {
      for (const [d, s] of byDest) byDest.set(d, div(s, total));
      effective = ONE;
    }
    return { code, cost: poolCost.get(code) ?? 0, shares: byDest, total: effective, originalTotal };
  });
}

/** x = C + A x over the indirect pools (x_i: pool i's reciprocal total); a singular system stops the calculation. */
function solveReciprocal(sources: Source[], index: Map<string, number>): Float64Array {
  const n = sources.length;
  const matrix = new Float64Array(n * n);
  const c = new Float64Array(n);
  sources.forEach((src, i) => {
    matrix[i * n + i] = 1;
    c[i] = src.cost;
    for (const [dest, share] of src.shares) {
      const q = index.get(dest);
      if (q !== undefined) matrix[q * n + i] = matrix[q * n + i]! - ratToNumber(share);
    }
  });
  const { x, singularAt } = n > 0 ? luSolve(n, matrix, c) : { x: new Float64Array(0), singularAt: -1 };
  if (singularAt >= 0) {
    const pools = sources.filter((s) => s.shares.size > 0).map((s) => s.code);
    throw new CalcError(
      "RECIPROCAL_SINGULAR",
      `Step 2: the reciprocal system is singular; check the allocations among pools ${pools.join(", ")}`,
      { pools },
    );
  }
  return x;
}

/** Where cost leaves the indirect pools: source index, direct pool (null: unrouted), unrounded amount. */
interface Exit {
  source: number;
  dest: string | null;
  raw: number;
}

/** The exits of every source with their raw amounts: to each direct pool (by code), then the unrouted part. */
function exitsOf(sources: Source[], index: Map<string, number>, x: Float64Array): Exit[] {
  const exits: Exit[] = [];
  sources.forEach((src, i) => {
    const dests = [...src.shares.keys()].filter((d) => !index.has(d)).sort(byCode);
    for (const d of dests) exits.push({ source: i, dest: d, raw: ratToNumber(src.shares.get(d)!) * x[i]! });
    exits.push({ source: i, dest: null, raw: ratToNumber(sub(ONE, src.total)) * x[i]! });
  });
  return exits;
}

/** Rows, non-zero flows and pool results of step 2; an UNALLOCATED issue per pool that leaves cost. */
function step2Results(
  ctx: CalcContext,
  sources: Source[],
  index: Map<string, number>,
  x: Float64Array,
  toDirect: Map<string, number>,
  unallocated: Float64Array,
): { rows: AllocationRow[]; flows: Flow[]; indirect: PoolResult[] } {
  const rows: AllocationRow[] = [];
  const flows: Flow[] = [];
  const indirect: PoolResult[] = [];
  sources.forEach((src, i) => {
    const xi = x[i]!;
    const total = roundFloatMinor(xi);
    const status: AllocationStatus = statusOf(src.total);
    for (const dest of [...src.shares.keys()].sort(byCode)) {
      const reciprocal = index.has(dest);
      const amount = reciprocal
        ? roundFloatMinor(ratToNumber(src.shares.get(dest)!) * xi)
        : toDirect.get(`${i}\u0000${dest}`)!;
      rows.push({
        source: src.code,
        destination: dest,
        amount,
        status,
        originalAmount: total,
        allocatedAmount: total - unallocated[i]!,
      });
      if (amount !== 0) {
        const flow: Flow = { step: 2, source: src.code, destination: dest, amount };
        if (reciprocal) flow.reciprocal = true;
        flows.push(flow);
      }
    }
    if (unallocated[i] !== 0) {
      ctx.issue({
        kind: "UNALLOCATED",
        step: 2,
        message: `Pool ${src.code} leaves ${unallocated[i]} minor units unallocated in step 2`,
        details: { pool: src.code, amount: unallocated[i] },
      });
    }
    indirect.push({
      code: src.code,
      isDirect: false,
      afterStep1: src.cost,
      total,
      reciprocalTotal: xi,
      unallocated: unallocated[i]!,
      status,
      totalPercentage: ratToNumber(src.originalTotal) * 100,
      timeDriven: false,
    });
  });
  return { rows, flows, indirect };
}

/** A group of indirect pools that sends all its cost only among itself has no exit: error. */
function checkExits(sources: Source[], index: Map<string, number>): void {
  const n = sources.length;
  const reverse: number[][] = sources.map(() => []);
  const ok = new Uint8Array(n);
  const queue: number[] = [];
  sources.forEach((src, i) => {
    let leaks = cmp(src.total, ONE) < 0;
    for (const [dest, share] of src.shares) {
      if (isZero(share)) continue;
      const q = index.get(dest);
      if (q === undefined) leaks = true;
      else reverse[q]!.push(i);
    }
    if (leaks) {
      ok[i] = 1;
      queue.push(i);
    }
  });
  while (queue.length) {
    const q = queue.pop()!;
    for (const i of reverse[q]!) {
      if (!ok[i]) {
        ok[i] = 1;
        queue.push(i);
      }
    }
  }
  const closed = sources.filter((_, i) => !ok[i]).map((s) => s.code);
  if (closed.length) {
    throw new CalcError(
      "RECIPROCAL_CLOSED_LOOP",
      `Step 2: pools ${closed.join(", ")} send all of their cost only among themselves (no exit)`,
      { pools: closed },
    );
  }
}
