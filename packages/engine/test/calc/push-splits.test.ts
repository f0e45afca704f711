// The written-out run splits (push-splits.ts) against the BigInt reference, for every run length:
// ties (few distinct weights, zeros), values of both signs up to 2^40, weight sums up to the rank
// limit, children in list order or scattered, detail kept or not, added to what is there.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RUN_SPLITS, runSplitSource, UNROLLED_MAX } from "../../src/calc/push-splits.ts";
import { referenceSplit } from "../support/reference-split.ts";

const RANK_LIMIT = 2 ** 25;

describe("RUN_SPLITS", () => {
  it("has a split for every run of 2 to 9 children, and their text has no loop but the remainder fix-ups", () => {
    expect(UNROLLED_MAX).toBe(9);
    expect(RUN_SPLITS.map((f) => f !== null)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    const text = runSplitSource(4);
    expect(text).not.toMatch(/\bfor\b/);
    // Four children: 4 x 2 remainder fix-ups, 6 pairs compared once.
    expect(text.match(/\bwhile\b/g)).toHaveLength(8);
    expect(text.match(/>>> 31; n/g)).toHaveLength(6);
    expect(() => runSplitSource(1)).toThrow(RangeError);
    expect(() => runSplitSource(33)).toThrow(RangeError);
  });

  for (let m = 2; m <= UNROLLED_MAX; m++) {
    it(`splits over ${m} children exactly as the largest remainder method, ties to the first child`, () => {
      const split = RUN_SPLITS[m]!;
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom<number>(0, 1, 1, 2, 3, 7, 1000, 4096, 99_999, 3_000_000), {
            minLength: m,
            maxLength: m,
          }),
          fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 2 ** 40 })),
          fc.boolean(),
          fc.boolean(),
          fc.boolean(),
          fc.boolean(),
          fc.integer({ min: 0, max: 5 }),
          (weights, s, negative, scattered, detail, rolled, start) => {
            const w = weights.reduce((a, b) => a + b, 0);
            fc.pre(w > 0 && w < RANK_LIMIT && s * Math.max(...weights) + w < 2 ** 52);
            const length = start + m + 3;
            const wt = new Float64Array(length);
            weights.forEach((x, j) => {
              wt[start + j] = x;
            });
            // Scattered: list position start + j is record ids[start + j] (reversed, shifted).
            const ids = scattered ? Int32Array.from({ length }, (_, j) => length - 1 - j) : null;
            const base = Array.from({ length }, (_, i) => (i % 3) * 10 - 7);
            const into = Float64Array.from(base);
            const received = detail ? new Float64Array(length) : null;
            // Rolled: the child at list position j reaches kept record (j % 3) - 1 (-1: none), whose
            // sums start at 5 (the map is in list order, whatever record the position holds).
            const rollMap = rolled ? Int32Array.from({ length }, (_, j) => (j % 3) - 1) : null;
            const rollSums = rolled ? Float64Array.from([5, 5]) : null;
            split(s, negative, wt, w, start, ids, received, into, rollMap, rollSums);
            const parts = referenceSplit(BigInt(negative ? -s : s), weights.map(BigInt)).map(Number);
            const expectedInto = base.slice();
            const expectedReceived = new Array<number>(length).fill(0);
            const expectedSums = [5, 5];
            parts.forEach((a, j) => {
              const id = ids === null ? start + j : ids[start + j]!;
              expectedInto[id] = expectedInto[id]! + a;
              expectedReceived[id] = a;
              const position = start + j;
              if (position % 3 > 0) expectedSums[(position % 3) - 1] = expectedSums[(position % 3) - 1]! + a;
            });
            expect(Array.from(into)).toEqual(expectedInto);
            if (rollSums) expect(Array.from(rollSums)).toEqual(expectedSums);
            if (received) {
              expect(Array.from(received)).toEqual(expectedReceived);
              // No negative zeros handed out.
              expect(Array.from(received).some((a) => Object.is(a, -0))).toBe(false);
            }
          },
        ),
        { numRuns: 400 },
      );
    });
  }
});
