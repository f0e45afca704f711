// The one-pass weight column against the general two-pass build (decimals first, then scaling):
// the same exact integer weights, decimals and totals, including columns whose decimals grow late,
// values with float noise, missing values (0 in a decimal driver), and columns that pass 2^53 and
// go to BigInt.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CalcError } from "../../src/calc/errors.ts";
import { makeWeightColumn, makeWeightColumnGeneral } from "../../src/calc/weight-column.ts";

const value = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 1000 }) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 9 }))
      .map(([n, k]) => Number(`${n}e-${k}`)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 99_999 }))
      .map(([q, p]) => q * (p / 100)),
  },
  { weight: 1, arbitrary: fc.constantFrom(0, 2 ** 53, 2 ** 60, 1e-18, 123456789012.5, 0.1 + 0.2) },
  { weight: 1, arbitrary: fc.constant(Number.NaN) },
);

function build(values: number[], general: boolean, missingAsZero = true) {
  const ctx = { rule: "test rule", identifiers: values.map((_, i) => `R${i}`) };
  const make = general ? makeWeightColumnGeneral : makeWeightColumn;
  const column = make(Float64Array.from(values), ctx, missingAsZero);
  return { ...column, scaled: Array.from(column.scaled) };
}

describe("weight column", () => {
  it("equals the general two-pass build", () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 0, maxLength: 200 }), (values) => {
        expect(build(values, false)).toEqual(build(values, true));
      }),
      { numRuns: 3000 },
    );
  });

  it("names the first invalid weight", () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      const values = [1.5, 2, bad, -3];
      expect(() => build(values, false, false)).toThrow(CalcError);
      try {
        build(values, false, false);
      } catch (error) {
        expect((error as CalcError).details).toMatchObject({ record: "R2" });
      }
    }
  });
});
