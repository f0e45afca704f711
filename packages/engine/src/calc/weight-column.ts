// A column of split weights turned into exact integers once: each value is read as a decimal
// (see decimal.ts) and all are scaled by the same 10^K, so ratios are unchanged and the splitter
// works on integers. Validation names the rule, the record and the value of a bad weight.

import { DEC, decompose, POW10 } from "./decimal.ts";
import { CalcError } from "./errors.ts";
import { type Allocator, HEAP } from "./float64-block.ts";

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
  /** Every weight is the same (EVEN): a split gives equal shares, the spare units to the first. */
  uniform: boolean;
  /** The distinct weights, when few (see weightClasses); computed on first use. */
  classes?: WeightClasses | null;
  /** The largest scaled weight (see maxWeight); computed on first use. */
  max?: number;
}

/** A column with few distinct weights: each record's class and each class's weight and size. */
interface WeightClasses {
  /** Class of each record, numbered in order of first appearance. */
  of: Uint8Array;
  weight: Float64Array;
  size: Float64Array;
}

/** At most this many distinct weights (classes fit a byte), each at most MAX_CLASS_WEIGHT. */
const MAX_CLASSES = 255;
const MAX_CLASS_WEIGHT = 65_535;

interface WeightContext {
  /** Rule description for error messages, e.g. "step 4 rule ORD -> CUST (DRIVER orders)". */
  rule: string;
  identifiers: readonly string[];
  /** Where the scaled weights go (default: their own buffer). */
  alloc?: Allocator;
}

/** Past this many decimals the column takes the general two-pass build (never in practice). */
const FAST_DECIMALS = 15;

/**
 * Builds the exact weight column; missing values (NaN in a decimal driver) weigh 0 when
 * `missingAsZero`, and are invalid otherwise. One pass: with the column's decimals K so far, a
 * value that is the double nearest to n / 10^K
 * (n < 10^14) has at most K decimals and scales to n exactly (see decompose in decimal.ts); other
 * values are read with decompose, and a value with more decimals rescales what came before by
 * 10^(new K - K), which is exact while below 2^53 (checked at the end, as before).
 */
export function makeWeightColumn(
  values: Float64Array,
  ctx: WeightContext,
  missingAsZero = false,
): WeightColumn {
  const n = values.length;
  const scaled = (ctx.alloc ?? HEAP).float64(n);
  const state: ScaleState = { decimals: 0, factor: 1, total: 0, exact: true };
  // In chunks: the loop function is optimized after the first chunk with complete type feedback,
  // rather than compiled mid-loop (on-stack) and deoptimized on its way out.
  for (let from = 0; from < n; from += CHUNK) {
    if (!scaleRange(values, scaled, from, Math.min(n, from + CHUNK), missingAsZero, ctx, state)) {
      return makeWeightColumnGeneral(values, ctx, missingAsZero);
    }
  }
  const { decimals, total } = state;
  if (state.exact && total < SAFE) {
    return { n, scaled, big: null, decimals, total, totalBig: BigInt(total), uniform: isUniform(scaled) };
  }
  return bigColumn(values, decimals, scaled, missingAsZero);
}

const CHUNK = 1 << 16;

interface ScaleState {
  decimals: number;
  factor: number;
  total: number;
  exact: boolean;
}

/** Scales values[from..to) into `scaled` (see makeWeightColumn); false: too many decimals. */
function scaleRange(
  values: Float64Array,
  scaled: Float64Array,
  from: number,
  to: number,
  missingAsZero: boolean,
  ctx: WeightContext,
  state: ScaleState,
): boolean {
  let { decimals, factor, total, exact } = state;
  for (let i = from; i < to; i++) {
    let v = values[i]!;
    if (missingAsZero && Number.isNaN(v)) v = 0;
    if (!(v >= 0) || v === Number.POSITIVE_INFINITY) invalidWeight(v, i, ctx);
    const q = Math.round(v * factor);
    let w: number;
    if (q < 1e14 && q / factor === v) w = q;
    else {
      decompose(v);
      if (-DEC.e > decimals) {
        if (-DEC.e > FAST_DECIMALS) return false;
        const up = POW10[-DEC.e - decimals]!;
        for (let j = 0; j < i; j++) {
          const x = scaled[j]! * up;
          scaled[j] = x;
          if (!(x < SAFE)) exact = false;
        }
        total *= up;
        decimals = -DEC.e;
        factor = POW10[decimals]!;
      }
      const shift = decimals + DEC.e;
      // Integers past 2^53 read with e > 0: scaled beyond 2^53 sends the column to BigInt.
      w = DEC.m * (shift <= 22 ? POW10[shift]! : Number.POSITIVE_INFINITY);
      // An integer from 2^53 up is not exact as given: the BigInt column reads it as a decimal.
      if (v >= SAFE) exact = false;
    }
    scaled[i] = w;
    total += w;
    if (!(w < SAFE)) exact = false;
  }
  state.decimals = decimals;
  state.factor = factor;
  state.total = total;
  state.exact = exact;
  return true;
}

/**
 * The column's distinct weights when there are few of them (counts, visits, lines, 1 + rush * 2):
 * a split of the whole column then computes one quotient and remainder per class instead of per
 * record. Null for BigInt columns, weights above 65,535 or more than 255 distinct weights. Cached
 * on the column.
 */
export function weightClasses(column: WeightColumn, alloc: Allocator = HEAP): WeightClasses | null {
  if (column.classes !== undefined) return column.classes;
  column.classes = null;
  if (column.big !== null) return null;
  const { scaled, n } = column;
  const classOf = new Int16Array(MAX_CLASS_WEIGHT + 1).fill(-1);
  const of = alloc.uint8(n);
  const weight: number[] = [];
  const size: number[] = [];
  for (let i = 0; i < n; i++) {
    const w = scaled[i]!;
    if (!(w <= MAX_CLASS_WEIGHT)) return null;
    let c = classOf[w]!;
    if (c < 0) {
      if (weight.length === MAX_CLASSES) return null;
      c = weight.length;
      classOf[w] = c;
      weight.push(w);
      size.push(0);
    }
    of[i] = c;
    size[c] = size[c]! + 1;
  }
  column.classes = { of, weight: Float64Array.from(weight), size: Float64Array.from(size) };
  return column.classes;
}

/**
 * The column's largest scaled weight, cached on the column. A split of S over weights summing to
 * W computes each S x w_i and q x W exactly in doubles while |S| x max + W stays below 2^52, a
 * far weaker condition than |S| x W below 2^52 when the weights are many.
 */
export function maxWeight(column: WeightColumn): number {
  if (column.max !== undefined) return column.max;
  const { scaled, n } = column;
  let max = 0;
  for (let i = 0; i < n; i++) if (scaled[i]! > max) max = scaled[i]!;
  column.max = max;
  return max;
}

/** The EVEN column over `ones` (n ones, possibly a view shared with other dimensions). */
export function evenColumn(ones: Float64Array): WeightColumn {
  const n = ones.length;
  return { n, scaled: ones, big: null, decimals: 0, total: n, totalBig: BigInt(n), uniform: true };
}

function isUniform(scaled: Float64Array): boolean {
  const first = scaled[0];
  for (let i = 1; i < scaled.length; i++) if (scaled[i] !== first) return false;
  return true;
}

function invalidWeight(v: number, i: number, ctx: WeightContext): never {
  const id = ctx.identifiers[i] ?? String(i);
  throw new CalcError(
    "INVALID_WEIGHT",
    `${ctx.rule}: record ${id} has weight ${v}; weights must be finite and not negative`,
    { rule: ctx.rule, record: id, value: v },
  );
}

/**
 * The general build: the column's decimals first, then every value scaled to them. (A value such
 * as 109758.00000000001 reads as 109758: it scales to its reading, not to itself.)
 */
export function makeWeightColumnGeneral(
  values: Float64Array,
  ctx: WeightContext,
  missingAsZero = false,
): WeightColumn {
  const n = values.length;
  let decimals = 0;
  for (let i = 0; i < n; i++) {
    let v = values[i]!;
    if (missingAsZero && Number.isNaN(v)) v = 0;
    if (!(v >= 0) || v === Number.POSITIVE_INFINITY) invalidWeight(v, i, ctx);
    if (!Number.isInteger(v)) {
      decompose(v);
      if (-DEC.e > decimals) decimals = -DEC.e;
    }
  }
  const scaled = new Float64Array(n);
  let exact = true;
  const factor = decimals <= 22 ? POW10[decimals]! : Number.POSITIVE_INFINITY;
  let total = 0;
  for (let i = 0; i < n; i++) {
    let v = values[i]!;
    if (missingAsZero && Number.isNaN(v)) v = 0;
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
  if (exact && total < SAFE) {
    return { n, scaled, big: null, decimals, total, totalBig: BigInt(total), uniform: isUniform(scaled) };
  }
  return bigColumn(values, decimals, scaled, missingAsZero);
}

function bigColumn(
  values: Float64Array,
  decimals: number,
  scaled: Float64Array,
  missingAsZero: boolean,
): WeightColumn {
  const big: bigint[] = new Array(values.length);
  let totalBig = 0n;
  for (let i = 0; i < values.length; i++) {
    let v = values[i]!;
    if (missingAsZero && Number.isNaN(v)) v = 0;
    decompose(v);
    const shift = decimals + DEC.e;
    const w = shift >= 0 ? BigInt(DEC.m) * 10n ** BigInt(shift) : BigInt(DEC.m) / 10n ** BigInt(-shift);
    big[i] = w;
    totalBig += w;
    scaled[i] = Number(w);
  }
  return { n: values.length, scaled, big, decimals, totalBig, total: Number(totalBig), uniform: false };
}
