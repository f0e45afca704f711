// Whale curve of one dimension: records sorted by profit, highest first; x = cumulative share of
// records, y = cumulative profit as a percentage of total profit (fixed choice 10). Profits are
// taken in minor units (rounded as reported) so the cumulative sums, the total and the first
// maximum are exact; equal profits give the same curve in any order, so a numeric sort suffices.

import { reportedMinor } from "./decimal.ts";
import { type Allocator, HEAP } from "./float64-block.ts";
import { sortIntegers } from "./radix-sort.ts";
import type { WhaleResult } from "./result-types.ts";

export function whaleCurve(
  dimension: string,
  profitLine: string,
  profit: Float64Array,
  digits: number,
  alloc: Allocator = HEAP,
): WhaleResult {
  const n = profit.length;
  const scale = 10 ** digits;
  // Working arrays from `alloc`; only the points are part of the result.
  const sorted = alloc.float64(n);
  const { total, lossRecords, lossAmount } = toMinor(profit, digits, sorted);
  const base: WhaleResult = {
    dimension,
    profitLine,
    totalProfit: total / scale,
    records: n,
    points: null,
    peakPercent: null,
    peakAtPercent: null,
    lossRecords,
    lossAmount: lossAmount / scale,
    note: null,
  };
  if (total <= 0) {
    base.note =
      total === 0
        ? "Total profit is 0: cumulative percentages of total profit cannot be drawn"
        : "Total profit is negative: cumulative percentages of total profit cannot be drawn";
    return base;
  }
  const ascending = sortIntegers(sorted, sorted, alloc);
  const points = new Float64Array(2 * (n + 1));
  const { best, bestAt } = curve(ascending, total, points);
  base.points = points;
  base.peakPercent = (100 * best) / total;
  base.peakAtPercent = (100 * bestAt) / n;
  return base;
}

/** Loops in chunks: optimized after the first chunk with complete type feedback. */
const CHUNK = 1 << 16;

/** Profits in minor units (rounded as the summary reports them) into `out`; total and loss tail. */
function toMinor(profit: Float64Array, digits: number, out: Float64Array) {
  const state = { total: 0, lossRecords: 0, lossAmount: 0 };
  for (let from = 0; from < profit.length; from += CHUNK) {
    toMinorRange(profit, digits, out, from, Math.min(profit.length, from + CHUNK), state);
  }
  return state;
}

function toMinorRange(
  profit: Float64Array,
  digits: number,
  out: Float64Array,
  from: number,
  to: number,
  state: { total: number; lossRecords: number; lossAmount: number },
): void {
  let { total, lossRecords, lossAmount } = state;
  for (let i = from; i < to; i++) {
    const minor = reportedMinor(profit[i]!, digits);
    out[i] = minor;
    total += minor;
    if (minor < 0) {
      lossRecords++;
      lossAmount += minor;
    }
  }
  state.total = total;
  state.lossRecords = lossRecords;
  state.lossAmount = lossAmount;
}

/** The curve's points from profits sorted ascending (taken from the highest); its first maximum. */
function curve(ascending: Float64Array, total: number, points: Float64Array) {
  const n = ascending.length;
  const state = { cum: 0, best: 0, bestAt: 0 };
  for (let from = 1; from <= n; from += CHUNK) {
    curveRange(ascending, total, points, from, Math.min(n + 1, from + CHUNK), state);
  }
  return state;
}

/** Points k = from..to-1 of the curve. */
function curveRange(
  ascending: Float64Array,
  total: number,
  points: Float64Array,
  from: number,
  to: number,
  state: { cum: number; best: number; bestAt: number },
): void {
  const n = ascending.length;
  let { cum, best, bestAt } = state;
  for (let k = from; k < to; k++) {
    cum += ascending[n - k]!;
    points[2 * k] = (100 * k) / n;
    points[2 * k + 1] = (100 * cum) / total;
    if (cum > best) {
      best = cum;
      bestAt = k;
    }
  }
  state.cum = cum;
  state.best = best;
  state.bestAt = bestAt;
}
