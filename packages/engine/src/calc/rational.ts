// Exact fractions over BigInt for the small, rule-level arithmetic (percentages, driver shares,
// capacities, quantities): a product of decimals can exceed 2^53 and a .5 must be seen exactly.

import { decimalToBig } from "./decimal.ts";

export interface Rat {
  n: bigint;
  /** Always > 0. */
  d: bigint;
}

export const ZERO: Rat = { n: 0n, d: 1n };
export const ONE: Rat = { n: 1n, d: 1n };

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

export function rat(n: bigint, d: bigint = 1n): Rat {
  if (d === 0n) throw new Error("rat: zero denominator");
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

/** A double read as the decimal it was typed as (15 significant digits), exactly. */
export function ratOf(v: number): Rat {
  const { num, scale } = decimalToBig(v);
  return rat(num, 10n ** BigInt(scale));
}

export function ratInt(v: number): Rat {
  return { n: BigInt(v), d: 1n };
}

export const add = (a: Rat, b: Rat): Rat => rat(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Rat, b: Rat): Rat => rat(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Rat, b: Rat): Rat => rat(a.n * b.n, a.d * b.d);
export const div = (a: Rat, b: Rat): Rat => rat(a.n * b.d, a.d * b.n);
export const cmp = (a: Rat, b: Rat): number => {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
};
export const isZero = (a: Rat): boolean => a.n === 0n;

/** n / d rounded to an integer, halves away from zero. */
function roundHalfAwayBig(n: bigint, d: bigint): bigint {
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const neg = n < 0n;
  const a = neg ? -n : n;
  let q = a / d;
  if (2n * (a - q * d) >= d) q += 1n;
  return neg ? -q : q;
}

/** The fraction rounded to an integer, halves away from zero. */
export function roundRat(a: Rat): bigint {
  return roundHalfAwayBig(a.n, a.d);
}

/** Nearest double (good to ~1 ulp; for reporting rates and for the float solve only). */
export function ratToNumber(a: Rat): number {
  const r = Number(a.n) / Number(a.d);
  if (Number.isFinite(r)) return r;
  // Both beyond double range: drop the same number of low bits from each first.
  const drop = BigInt(Math.max(a.n.toString(2).length, a.d.toString(2).length) - 1000);
  return Number(a.n >> drop) / Number(a.d >> drop);
}

/** Integer weights proportional to the given fractions (common denominator), for exact splits. */
export function commonWeights(fractions: Rat[]): bigint[] {
  let l = 1n;
  for (const f of fractions) l = (l / gcd(l, f.d)) * f.d;
  return fractions.map((f) => f.n * (l / f.d));
}
