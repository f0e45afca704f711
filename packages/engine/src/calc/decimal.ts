// Reading binary doubles as the decimals the user typed. Inputs arrive as doubles parsed from
// decimal text, and formula results carry binary noise (0.1 * 3 = 0.30000000000000004). Every value
// is read as the nearest decimal with at most 15 significant digits, the precision a double always
// round-trips, so `0.30000000000000004` is 0.3 and `1.005` is exactly one thousand and five
// thousandths (its half is then detected exactly). This makes minor units immune to float noise.

/** 10^i as exact doubles for i = 0..22 (parsed, so no pow rounding). */
export const POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

const TWO53 = 2 ** 53;

/** Scratch output of `decompose`: value = sign * m * 10^e, m a non-negative integer < 10^15
 * (or an exact integer below 2^53), with no trailing decimal zeros when e < 0. */
export const DEC = { m: Number.NaN, e: Number.NaN, negative: false };

/** Splits a finite double into DEC (see above). Allocation-free: it runs once per record. */
export function decompose(v: number): void {
  DEC.negative = v < 0;
  const a = Math.abs(v);
  if (a < TWO53 && Number.isInteger(a)) {
    DEC.m = a;
    DEC.e = 0;
    return;
  }
  // Fast path for a typed decimal: if a is the double nearest to n / 10^k (n < 10^14, k <= 8),
  // the 15-digit reading below is exactly n / 10^k, and the smallest such k leaves n without
  // trailing zeros, as the reading strips them. Values with float noise (0.1 * 3) fail the test
  // for every k and take the reading below. (Proof and a randomized comparison with the reading:
  // test/properties/decimal.property.test.ts.)
  for (let k = 1; k <= 8; k++) {
    const p = POW10[k]!;
    const n = Math.round(a * p);
    if (n >= 1e14) break;
    if (n / p === a) {
      DEC.m = n;
      DEC.e = -k;
      return;
    }
  }
  readDecimal(a);
}

/** The 15-significant-digit reading of a > 0 (not a safe integer) into DEC.m and DEC.e. */
function readDecimal(a: number): void {
  let j = 14 - Math.floor(Math.log10(a));
  if (j > 22 || j < -22) {
    decomposeByString(a);
    return;
  }
  let m = scaleRound(a, j);
  // log10 can be one off next to a power of ten: keep exactly 15 significant digits.
  if (m >= 1e15) {
    j -= 1;
    m = scaleRound(a, j);
  } else if (m < 1e14) {
    j += 1;
    if (j > 22) {
      decomposeByString(a);
      return;
    }
    m = scaleRound(a, j);
  }
  // Strip min(trailing zeros, j) zeros in binary steps (m < 10^15, so at most 14 of them): the
  // same result as one zero at a time, with four exact float modulos instead of up to fourteen.
  if (j >= 8 && m % 1e8 === 0) {
    m /= 1e8;
    j -= 8;
  }
  if (j >= 4 && m % 1e4 === 0) {
    m /= 1e4;
    j -= 4;
  }
  if (j >= 2 && m % 100 === 0) {
    m /= 100;
    j -= 2;
  }
  if (j >= 1 && m % 10 === 0) {
    m /= 10;
    j -= 1;
  }
  DEC.m = m;
  DEC.e = -j;
}

function scaleRound(a: number, j: number): number {
  return Math.round(j >= 0 ? a * POW10[j]! : a / POW10[-j]!);
}

function decomposeByString(a: number): void {
  const [mant, exp] = a.toExponential(14).split("e") as [string, string];
  let digits = mant.replace(".", "");
  let e = Number(exp) - 14;
  while (digits.length > 1 && digits.endsWith("0")) {
    digits = digits.slice(0, -1);
    e += 1;
  }
  DEC.m = Number(digits);
  DEC.e = e;
}

/** v read as a decimal, as an exact fraction num / 10^scale with BigInt numerator. */
export function decimalToBig(v: number): { num: bigint; scale: number } {
  decompose(v);
  const sign = DEC.negative ? -1n : 1n;
  if (DEC.e >= 0) return { num: sign * BigInt(DEC.m) * 10n ** BigInt(DEC.e), scale: 0 };
  return { num: sign * BigInt(DEC.m), scale: -DEC.e };
}

/** Whether the last minorOf call dropped digits (for load warnings); avoids an object per call. */
const ROUNDING = { changed: false };

/**
 * Rounds a major-unit decimal to integer minor units, halves away from zero, reading v as a decimal
 * (so 1.005 with 2 digits is 101). Sets ROUNDING.changed when digits were dropped.
 */
function minorOf(v: number, digits: number): number {
  decompose(v);
  const sign = DEC.negative ? -1 : 1;
  const { m, e } = DEC;
  const shift = e + digits;
  ROUNDING.changed = false;
  if (shift >= 0) return sign * (shift <= 22 ? m * POW10[shift]! : m * 10 ** shift) + 0;
  if (-shift > 22) {
    ROUNDING.changed = m !== 0;
    return 0;
  }
  const p = POW10[-shift]!;
  let q = Math.floor(m / p);
  let r = m - q * p;
  if (r < 0) {
    q -= 1;
    r += p;
  } else if (r >= p) {
    q += 1;
    r -= p;
  }
  if (2 * r >= p) q += 1;
  ROUNDING.changed = r !== 0;
  return sign * q + 0;
}

export function toMinorUnits(v: number, digits: number): { minor: number; changed: boolean } {
  const minor = minorOf(v, digits);
  return { minor, changed: ROUNDING.changed };
}

/**
 * Minor units of a major-unit value, halves away from zero (see minorOf). Small enough to be
 * inlined in per-record loops (a call that is not inlined returns its double boxed on the heap).
 */
export function roundMinor(v: number, digits: number): number {
  // A value typed with at most `digits` decimals is the double nearest to r / 10^digits: its
  // reading is exactly that decimal (see decompose), so its minor units are r.
  const p = POW10[digits]!;
  const r = Math.round(v * p);
  if (r < 1e14 && r > -1e14 && r / p === v) return r + 0;
  return Number.isFinite(v) ? minorOf(v, digits) : v;
}

/**
 * roundMinor with a shortcut for millions of computed values (P&L lines and profit per record):
 * roundMinor reads the double as a decimal first when it carries float noise (about 1 us); when
 * v * 10^digits is not within 1e-3 of a half unit, the noise (below 1e-5 of a unit under 1e10)
 * cannot change the nearest integer, so Math.round of the magnitude is the same result.
 */
export function reportedMinor(v: number, digits: number): number {
  const r = v * POW10[digits]!;
  if (r > -1e10 && r < 1e10) {
    const a = Math.abs(r);
    const f = a - Math.floor(a);
    if (f < 0.499 || f > 0.501) {
      const m = Math.round(a);
      return r < 0 && m !== 0 ? -m : m;
    }
  }
  return roundMinor(v, digits);
}

/** A major-unit value rounded to the minor unit, as a double for JSON (e.g. 1973025.5). */
export function roundMajor(v: number, digits: number): number {
  if (!Number.isFinite(v)) return v;
  return toMajor(roundMinor(v, digits), digits);
}

/** Integer minor units to major units as the nearest double (an exact decimal division). */
export function toMajor(minor: number, digits: number): number {
  const r = minor / POW10[digits]!;
  return r === 0 ? 0 : r;
}

/**
 * The value read as a decimal with 15 significant digits, as a double (drops float noise). Small
 * enough to be inlined in per-record loops; values with noise take normalizeRead.
 */
export function normalize(v: number): number {
  // One test at 8 decimals: a typed decimal with at most 8 decimals (below 10^6) is the double
  // nearest to n / 10^8 and reads as itself (+0 turns -0 into 0, as the reading does).
  const a = Math.abs(v);
  if (a < 1e6 && Math.round(a * 1e8) / 1e8 === a) return v + 0;
  return normalizeRead(v);
}

function normalizeRead(v: number): number {
  if (v === 0 || !Number.isFinite(v)) return v === 0 ? 0 : v;
  const a = Math.abs(v);
  if (a < 1e6) {
    // Failed the test at 8 decimals: no reading with k <= 8 decimals exists (the fast path of
    // decompose would fail for every k), so straight to the 15-digit reading.
    DEC.negative = v < 0;
    readDecimal(a);
  } else decompose(v);
  const { m, e } = DEC;
  const x =
    e >= 0 ? (e <= 22 ? m * POW10[e]! : m * 10 ** e) : -e <= 22 ? m / POW10[-e]! : Number(`${m}e${e}`);
  return DEC.negative ? -x : x;
}
