// Builds the results-summary JSON object (shared/guide/results-summary.md) from a calculation
// result: minor units become major units; rates are rounded to the minor unit; whale percentages
// are unrounded doubles; quantities and minutes are plain decimals (float noise dropped).

import { byCode } from "../calc/context.ts";
import { normalize, roundMajor, toMajor } from "../calc/decimal.ts";
import type { CalcResult, WhaleResult } from "../calc/result-types.ts";
import type { ModelData } from "../model/types.ts";
import type { ResultsSummary, SummaryFlow, SummaryWhale } from "./summary-types.ts";

/** An object keyed by user codes: no prototype, so a code such as "__proto__" is just a key. */
function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** The P&L lines in the order the summary lists them (rank, then code), as the report data stores them. */
export function linesInRank(model: ModelData): ModelData["pnlLines"] {
  return model.pnlLines.slice().sort((a, b) => a.rank - b.rank || byCode(a.code, b.code));
}

export function buildSummary(model: ModelData, result: CalcResult): ResultsSummary {
  const d = result.minorDigits;
  const major = (minor: number) => toMajor(minor, d);
  const money = (v: number) => roundMajor(v, d);
  const summary: ResultsSummary = {
    currency: result.currency,
    checks: result.checks.map((c) => {
      const check: ResultsSummary["checks"][number] = {
        step: c.step,
        in: major(c.in),
        allocated: major(c.allocated),
        unallocated: major(c.unallocated),
        ok: c.ok,
      };
      if (c.notAllocated !== undefined) check.not_allocated = major(c.notAllocated);
      return check;
    }),
  };

  if (result.accounts.length) {
    const accounts = dict<NonNullable<ResultsSummary["accounts"]>[string]>();
    for (const a of result.accounts) {
      accounts[a.code] = {
        amount: major(a.amount),
        allocated: major(a.allocated),
        unallocated: major(a.unallocated),
        status: a.status,
      };
    }
    summary.accounts = accounts;
  }

  if (result.pools.length) {
    const pools = dict<NonNullable<ResultsSummary["pools"]>[string]>();
    for (const p of result.pools) {
      pools[p.code] = {
        after_step1: major(p.afterStep1),
        total: major(p.total),
        unallocated: major(p.unallocated),
      };
    }
    summary.pools = pools;
  }

  const flows = summaryFlows(result, major);
  if (flows.length) summary.flows = flows;
  if (result.step3.tdabcPools.length) summary.tdabc = tdabcEntries(result, major, money);
  if (result.activities.length) summary.activities = activityEntries(result, major, money);
  if (result.dimensions.size) summary.records = recordEntries(result, major);

  if (result.calculatedDrivers.length) {
    const drivers = dict<Record<string, { sum_value: number }>>();
    for (const cd of result.calculatedDrivers) {
      const byName = drivers[cd.dimension] ?? dict<{ sum_value: number }>();
      byName[cd.name] = { sum_value: money(cd.sumValue) };
      drivers[cd.dimension] = byName;
    }
    summary.calculated_drivers = drivers;
  }

  if (result.pnl.profitLine !== null && model.pnlLines.length) addPnl(summary, model, result, money);
  return summary;
}

type Convert = (value: number) => number;

/** Non-zero flows of steps 1-3 in step, source, destination order. */
function summaryFlows(result: CalcResult, major: Convert): SummaryFlow[] {
  return [...result.step1.flows, ...result.step2.flows, ...result.step3.flows]
    .filter((f) => f.amount !== 0)
    .sort((a, b) => a.step - b.step || byCode(a.source, b.source) || byCode(a.destination, b.destination))
    .map((f) => {
      const flow: SummaryFlow = {
        step: f.step,
        source: f.source,
        destination: f.destination,
        amount: major(f.amount),
      };
      if (f.reciprocal) flow.reciprocal = true;
      return flow;
    });
}

function tdabcEntries(
  result: CalcResult,
  major: Convert,
  money: Convert,
): NonNullable<ResultsSummary["tdabc"]> {
  const tdabc = dict<NonNullable<ResultsSummary["tdabc"]>[string]>();
  for (const t of result.step3.tdabcPools) {
    tdabc[t.pool] = {
      capacity: normalize(t.capacity),
      cost_per_minute: money(t.costPerMinute),
      minutes_used: normalize(t.minutesUsed),
      unallocated_capacity: normalize(t.unallocatedCapacity),
      unused_capacity_cost: major(t.unusedCapacityCost),
    };
  }
  return tdabc;
}

function activityEntries(
  result: CalcResult,
  major: Convert,
  money: Convert,
): NonNullable<ResultsSummary["activities"]> {
  const activities = dict<NonNullable<ResultsSummary["activities"]>[string]>();
  for (const a of result.activities) {
    const entry: NonNullable<ResultsSummary["activities"]>[string] = {
      cost: major(a.cost),
      quantity: normalize(a.quantity),
      allocated: major(a.allocated),
      unallocated: major(a.unallocated),
    };
    if (a.costPerUnit !== null) entry.cost_per_unit = money(a.costPerUnit);
    activities[a.code] = {
      cost: entry.cost,
      quantity: entry.quantity,
      ...(entry.cost_per_unit === undefined ? {} : { cost_per_unit: entry.cost_per_unit }),
      allocated: entry.allocated,
      unallocated: entry.unallocated,
    };
  }
  return activities;
}

/** Cost and unallocated cost of every record, dimensions in code order. */
function recordEntries(result: CalcResult, major: Convert): NonNullable<ResultsSummary["records"]> {
  const records = dict<Record<string, { cost: number; unallocated: number }>>();
  for (const code of [...result.dimensions.keys()].sort(byCode)) {
    const dim = result.dimensions.get(code)!;
    const byId = dict<{ cost: number; unallocated: number }>();
    dim.identifiers.forEach((id, i) => {
      byId[id] = { cost: major(dim.cost[i]!), unallocated: major(dim.unallocated[i]!) };
    });
    records[code] = byId;
  }
  return records;
}

/** The P&L lines and profit of every record, and the whale curve, of each dimension with a P&L. */
function addPnl(summary: ResultsSummary, model: ModelData, result: CalcResult, money: Convert): void {
  const pnl = dict<Record<string, Record<string, number>>>();
  const profit = dict<Record<string, number>>();
  const whale = dict<SummaryWhale>();
  const lineCodes = linesInRank(model).map((l) => l.code);
  for (const code of [...result.pnl.byDimension.keys()].sort(byCode)) {
    const dim = result.pnl.byDimension.get(code)!;
    const ids = result.dimensions.get(code)!.identifiers;
    const byId = dict<Record<string, number>>();
    const profitById = dict<number>();
    ids.forEach((id, i) => {
      const lines = dict<number>();
      for (const line of lineCodes) lines[line] = money(dim.values.get(line)![i]!);
      byId[id] = lines;
      profitById[id] = money(dim.profit[i]!);
    });
    pnl[code] = byId;
    profit[code] = profitById;
    const w = result.whale.get(code);
    if (w) whale[code] = whaleEntry(w, money);
  }
  summary.pnl = pnl;
  summary.profit = profit;
  summary.whale = whale;
}

function whaleEntry(w: WhaleResult, money: Convert): SummaryWhale {
  const entry: SummaryWhale = { profit_line: w.profitLine, total_profit: money(w.totalProfit) };
  if (w.points === null) entry.note = w.note ?? "Total profit is not positive";
  else {
    // Percentages unrounded (full double precision): a checker compares them with a
    // tolerance, which is safer against exact values than against values rounded here.
    entry.peak_percent = w.peakPercent!;
    entry.peak_at_percent = w.peakAtPercent!;
    const points: [number, number][] = [];
    for (let k = 0; k < w.points.length; k += 2) points.push([w.points[k]!, w.points[k + 1]!]);
    entry.points = points;
  }
  return entry;
}

/**
 * The summary without its per-record parts: `records`, `pnl` and `profit` hold an empty object per
 * dimension, and each whale entry that has points holds `points: []`. What a writer of the full
 * text completes from the result's arrays (write-summary-json.ts) or from stored rows (the API).
 */
export function buildSummaryHead(model: ModelData, result: CalcResult): ResultsSummary {
  const light: CalcResult = {
    ...result,
    dimensions: new Map([...result.dimensions].map(([code, dim]) => [code, { ...dim, identifiers: [] }])),
    whale: new Map(
      [...result.whale].map(([code, w]): [string, WhaleResult] => [
        code,
        { ...w, points: w.points === null ? null : new Float64Array(0) },
      ]),
    ),
  };
  return buildSummary(model, light);
}
