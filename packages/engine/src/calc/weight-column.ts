// A column of split weights turned into exact integers once: each value is read as a decimal
// (see decimal.ts) and all are scaled by the same 10^K, so ratios are unchanged and the splitter
// works on integers. Validation names the rule, the record and the value of a bad weight.

import { DEC, decompose, POW10 } from "./decimal.ts";
import { CalcError } from "./errors.ts";

const SAFE = 2 ** 53;

export interface WeightColumn {
  n: number;
  /** Exact integer weights when `big` is null; scaled[id] = value[id] * 10^decimals. */
  scaled: Float64Array;
  /** Exact integer weights when some scaled weight or the total reaches 2^53. */
  big: bigint[] | null;
  decimals: number;
  /** Exact sum of the scaled weights (as BigInt; `total` is its double). */
  totalBig: bigint;
  total: number;
}

export interface WeightContext {
  /** Rule description for error messages, e.g. "step 4 rule ORD -> CUST (DRIVER orders)". */
  rule: string;
  identifiers: readonly string[];
}

/** Builds the exact weight column; missing values (NaN in a driver column) must already be 0. */
export function makeWeightColumn(values: Float64Array, ctx: WeightContext): WeightColumn {
  const n = values.length;
  let decimals = 0;
  let allIntegers = true;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (!(v >= 0) || v === Number.POSITIVE_INFINITY) {
      const id = ctx.identifiers[i] ?? String(i);
      throw new CalcError(
        "INVALID_WEIGHT",
        `${ctx.rule}: record ${id} has weight ${v}; weights must be finite and not negative`,
        { rule: ctx.rule, record: id, value: v },
      );
    }
    if (!Number.isInteger(v)) {
      allIntegers = false;
      decompose(v);
      if (-DEC.e > decimals) decimals = -DEC.e;
    }
  }
  const scaled = new Float64Array(n);
  let exact = true;
  if (allIntegers || decimals === 0) {
    let total = 0;
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      scaled[i] = v;
      total += v;
      if (v >= SAFE) exact = false;
    }
    if (exact && total < SAFE) return { n, scaled, big: null, decimals: 0, total, totalBig: BigInt(total) };
    return bigColumn(values, 0, scaled);
  }
  const factor = decimals <= 22 ? POW10[decimals]! : Number.POSITIVE_INFINITY;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    let w: number;
    if (Number.isInteger(v)) w = v * factor;
    else {
      decompose(v);
      const shift = decimals + DEC.e;
      w = DEC.m * (shift <= 22 ? POW10[shift]! : Number.POSITIVE_INFINITY);
    }
    scaled[i] = w;
    total += w;
    if (!(w < SAFE)) exact = false;
  }
  if (exact && total < SAFE) return { n, scaled, big: null, decimals, total, totalBig: BigInt(total) };
  return bigColumn(values, decimals, scaled);
}

function bigColumn(values: Float64Array, decimals: number, scaled: Float64Array): WeightColumn {
  const big: bigint[] = new Array(values.length);
  let totalBig = 0n;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    decompose(v);
    const shift = decimals + DEC.e;
    const w = shift >= 0 ? BigInt(DEC.m) * 10n ** BigInt(shift) : BigInt(DEC.m) / 10n ** BigInt(-shift);
    big[i] = w;
    totalBig += w;
    scaled[i] = Number(w);
  }
  return { n: values.length, scaled, big, decimals, totalBig, total: Number(totalBig) };
}

/** Exact sum of the weights of ids[start..end) (BigInt when the column is big). */
export function rangeWeight(col: WeightColumn, ids: Int32Array, start: number, end: number): number {
  let w = 0;
  const s = col.scaled;
  for (let j = start; j < end; j++) w += s[ids[j]!]!;
  return w;
}

export function rangeWeightBig(col: WeightColumn, ids: Int32Array, start: number, end: number): bigint {
  let w = 0n;
  const b = col.big!;
  for (let j = start; j < end; j++) w += b[ids[j]!]!;
  return w;
}
