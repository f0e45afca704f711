// The decimal reading (calc/decimal.ts) against the original, straightforward reading kept here as
// the reference: same mantissa, exponent and sign for typed decimals, float noise, values next to
// powers of ten, runs of nines, tiny and huge values and arbitrary doubles; and normalize and
// roundMinor (which test a value at one scale before reading it) against their first versions.
//
// Why the fast path is exact: if a === fl(n / 10^k) with n < 10^14, the reference scales a by
// 10^j (j = 15 - digits(n) + k, or one off from log10) and rounds; the product is within
// n * 10^(j - k) * 2.3e-16 < 0.25 of the integer M = n * 10^(j - k) <= 999999999999990, so it
// rounds to M (and a one-off start is corrected: M / 10 < 10^14 - 0.5, 10 M >= 10^15); stripping
// M's zeros gives n / 10^k again when n has no trailing zero, which the smallest k guarantees.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEC, decompose, normalize, POW10, roundMinor } from "../../src/calc/decimal.ts";

const TWO53 = 2 ** 53;

/** The reading as first written: log10, one correction, zeros stripped one at a time. */
function reference(v: number): { m: number; e: number; negative: boolean } {
  const negative = v < 0;
  const a = Math.abs(v);
  if (a < TWO53 && Number.isInteger(a)) return { m: a, e: 0, negative };
  const scaleRound = (j: number) => Math.round(j >= 0 ? a * POW10[j]! : a / POW10[-j]!);
  const byString = () => {
    const [mant, exp] = a.toExponential(14).split("e") as [string, string];
    let digits = mant.replace(".", "");
    let e = Number(exp) - 14;
    while (digits.length > 1 && digits.endsWith("0")) {
      digits = digits.slice(0, -1);
      e += 1;
    }
    return { m: Number(digits), e, negative };
  };
  let j = 14 - Math.floor(Math.log10(a));
  if (j > 22 || j < -22) return byString();
  let m = scaleRound(j);
  if (m >= 1e15) {
    j -= 1;
    m = scaleRound(j);
  } else if (m < 1e14) {
    j += 1;
    if (j > 22) return byString();
    m = scaleRound(j);
  }
  while (j > 0 && m % 10 === 0) {
    m /= 10;
    j -= 1;
  }
  return { m, e: -j, negative };
}

/** The double `steps` ulps away from v (positive v). */
function ulps(v: number, steps: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v);
  view.setBigUint64(0, view.getBigUint64(0) + BigInt(steps));
  return view.getFloat64(0);
}

/** normalize as first written, on the reference reading. */
function referenceNormalize(v: number): number {
  if (v === 0 || !Number.isFinite(v)) return v === 0 ? 0 : v;
  const { m, e, negative } = reference(v);
  const a =
    e >= 0 ? (e <= 22 ? m * POW10[e]! : m * 10 ** e) : -e <= 22 ? m / POW10[-e]! : Number(`${m}e${e}`);
  return negative ? -a : a;
}

/** roundMinor as first written (minorOf on the reference reading). */
function referenceRoundMinor(v: number, digits: number): number {
  if (!Number.isFinite(v)) return v;
  const { m, e, negative } = reference(v);
  const sign = negative ? -1 : 1;
  const shift = e + digits;
  if (shift >= 0) return sign * (shift <= 22 ? m * POW10[shift]! : m * 10 ** shift) + 0;
  if (-shift > 22) return 0;
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
  return sign * q + 0;
}

function check(v: number): void {
  decompose(v);
  const got = { m: DEC.m, e: DEC.e, negative: DEC.negative };
  const want = reference(v);
  expect(got, `decompose(${v})`).toEqual(want);
  expect(Object.is(normalize(v), referenceNormalize(v)), `normalize(${v})`).toBe(true);
  for (const digits of [0, 2, 3, 4]) {
    expect(
      Object.is(roundMinor(v, digits), referenceRoundMinor(v, digits)),
      `roundMinor(${v}, ${digits})`,
    ).toBe(true);
  }
}

const typed = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: 0, max: 999_999 }),
      fc.integer({ min: 0, max: 2 ** 31 }),
      fc.constantFrom(1, 5, 9, 10, 99, 100, 999, 1000),
      fc.double({ min: 0, max: 1e16, noNaN: true }).map(Math.floor),
    ),
    fc.integer({ min: 0, max: 16 }),
    fc.boolean(),
  )
  .map(([n, k, neg]) => Number(`${neg ? "-" : ""}${n}e-${k}`));

const noisy = fc
  .tuple(typed, typed, fc.constantFrom("*", "+", "-", "/"))
  .map(([x, y, op]) => (op === "*" ? x * y : op === "+" ? x + y : op === "-" ? x - y : y === 0 ? x : x / y));

const nearPowers = fc
  .tuple(
    fc.integer({ min: -20, max: 20 }),
    fc.integer({ min: -4, max: 4 }),
    fc.constantFrom(1, 9.99999999999999, 99999.9999999999, 0.999999999999999),
  )
  .map(([x, s, base]) => ulps(base * POW10[Math.abs(x)]! ** Math.sign(x), s));

describe("decimal reading", () => {
  it("equals the reference on typed decimals, noise, powers of ten and arbitrary doubles", () => {
    fc.assert(
      fc.property(
        fc.oneof(typed, noisy, nearPowers, fc.double({ noNaN: true }), fc.double({ min: -1e-6, max: 1e-6 })),
        (v) => check(v),
      ),
      { numRuns: 20_000 },
    );
  });

  it("equals the reference on fixed edge cases", () => {
    for (const v of [
      0.1 * 3,
      1.005,
      0.3,
      48.99,
      3 * 16.33,
      0.1 + 0.2,
      1e-8,
      1.5e-9,
      99999.9999999999,
      9.99999999999999,
      0.999999999999999,
      12345678.12345678,
      1234567.1234567,
      123456.12345678,
      99999999999999.9,
      1e15 + 0.5,
      2 ** 53,
      2 ** 60,
      1e300,
      5e-324,
      -0,
      Number.MAX_VALUE,
      1 / 3,
      2 / 3,
    ]) {
      check(v);
      check(-v);
    }
  });
});
