// The splitter against an independent, naive exact reference: same amounts, every split sums to
// its source, each part within one minor unit of the exact share.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Splitter, selectKth, splitBig } from "../../src/calc/largest-remainder.ts";
import { sortIntegers } from "../../src/calc/radix-sort.ts";
import { makeWeightColumn, weightClasses } from "../../src/calc/weight-column.ts";
import { referenceSplit as reference } from "../support/reference-split.ts";

const weightsArb = fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 300 });

describe("largest remainder", () => {
  it("splitBig equals the naive reference and sums to the source", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), weightsArb, (total, ws) => {
        const weights = ws.map(BigInt);
        fc.pre(weights.some((w) => w > 0n));
        const got = splitBig(total, weights);
        expect(got).toEqual(reference(total, weights));
        expect(got.reduce((a, b) => a + b, 0n)).toBe(total);
      }),
    );
  });

  it("the typed-array splitter (fast, bucketed and BigInt paths) equals the reference", () => {
    const splitter = new Splitter();
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -(2 ** 52), max: 2 ** 52 })),
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 6000, size: "max" }),
        (total, ws) => {
          const w = ws.reduce((a, b) => a + b, 0);
          fc.pre(w > 0);
          const scaled = Float64Array.from(ws);
          const out = new Float64Array(ws.length);
          splitter.split(total, scaled, null, w, null, 0, ws.length, out);
          const expected = reference(BigInt(total), ws.map(BigInt)).map(Number);
          expect(Array.from(out)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("plain arithmetic under |S| x max weight + W < 2^52 (not |S| x W) equals the reference", () => {
    // Many weights: |S| x W passes 2^52 (the wide path before) while |S| x max + W does not.
    const splitter = new Splitter();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.noBias(fc.integer({ min: -(2 ** 45), max: 2 ** 45 })),
          fc.noBias(fc.integer({ min: -1e9, max: 1e9 })),
          fc.integer({ min: -1e6, max: 1e6 }),
        ),
        fc.array(fc.noBias(fc.integer({ min: 0, max: 3_500_000 })), {
          minLength: 2,
          maxLength: 3000,
          size: "max",
        }),
        (total, ws) => {
          const w = ws.reduce((a, b) => a + b, 0);
          fc.pre(w > 0);
          const max = ws.reduce((a, b) => Math.max(a, b), 0);
          const out = new Float64Array(ws.length);
          splitter.split(total, Float64Array.from(ws), null, w, null, 0, ws.length, out, false, max);
          expect(Array.from(out)).toEqual(reference(BigInt(total), ws.map(BigInt)).map(Number));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("child ranges through an id list (CSR) equal the reference", () => {
    const splitter = new Splitter();
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 0, max: 5 }),
        (total, ws, offset) => {
          const w = ws.reduce((a, b) => a + b, 0);
          fc.pre(w > 0);
          // children are every other record of a larger dimension, starting at `offset`
          const n = offset + 2 * ws.length;
          const scaled = new Float64Array(n);
          const ids = Int32Array.from(ws, (_, j) => offset + 2 * j);
          ws.forEach((x, j) => {
            scaled[offset + 2 * j] = x;
          });
          const out = new Float64Array(n);
          splitter.split(total, scaled, null, w, ids, 0, ids.length, out);
          const expected = reference(BigInt(total), ws.map(BigInt)).map(Number);
          expect(Array.from(ids, (id) => out[id])).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("many consecutive child splits of one splitter (each handing-out path) equal the reference", () => {
    const splitter = new Splitter();
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: -1e6, max: 1e6 }),
            fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 300 }),
          ),
          { minLength: 1, maxLength: 40 },
        ),
        (parents) => {
          // One CSR list: the parents' child ranges follow each other, ids in reverse record order.
          const lists = parents.filter(([, ws]) => ws.some((x) => x > 0));
          const weights = lists.flatMap(([, ws]) => ws);
          const n = weights.length;
          const ids = Int32Array.from(weights, (_, j) => n - 1 - j);
          const scaled = new Float64Array(n);
          weights.forEach((x, j) => {
            scaled[n - 1 - j] = x;
          });
          const out = new Float64Array(n);
          let start = 0;
          for (const [total, ws] of lists) {
            const w = ws.reduce((a, b) => a + b, 0);
            splitter.split(total, scaled, null, w, ids, start, start + ws.length, out);
            expect(Array.from(ids.subarray(start, start + ws.length), (id) => out[id])).toEqual(
              reference(BigInt(total), ws.map(BigInt)).map(Number),
            );
            start += ws.length;
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("runs in record order one after the other in a list (bucketed in the pass of the floors) equal the reference", () => {
    // The pushes' long runs and the whole-column splits: no id list, the run at start..end of the
    // weights; runs of 33 to 2,500 elements, past the inline splits, some past 1,024 buckets.
    const splitter = new Splitter();
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.oneof(
              fc.integer({ min: -1e6, max: 1e6 }),
              fc.noBias(fc.integer({ min: -(2 ** 40), max: 2 ** 40 })),
            ),
            fc.array(fc.oneof(fc.integer({ min: 0, max: 3 }), fc.noBias(fc.integer({ min: 0, max: 5000 }))), {
              minLength: 33,
              maxLength: 2500,
              size: "max",
            }),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        (parents) => {
          const lists = parents.filter(([, ws]) => ws.some((x) => x > 0));
          const scaled = Float64Array.from(lists.flatMap(([, ws]) => ws));
          const out = new Float64Array(scaled.length).fill(-7);
          let start = 0;
          for (const [total, ws] of lists) {
            const w = ws.reduce((a, b) => a + b, 0);
            const max = ws.reduce((a, b) => Math.max(a, b), 0);
            splitter.split(total, scaled, null, w, null, start, start + ws.length, out, false, max);
            expect(Array.from(out.subarray(start, start + ws.length))).toEqual(
              reference(BigInt(total), ws.map(BigInt)).map(Number),
            );
            start += ws.length;
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it("selectKth finds the k-th smallest value", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 400 }),
        fc.nat(),
        (xs, r) => {
          const k = r % xs.length;
          const a = Float64Array.from(xs);
          expect(selectKth(a, xs.length, k)).toBe(Float64Array.from(xs).sort()[k]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("amounts close to the plain-arithmetic limit (|S| * W just below 2^52) stay exact", () => {
    const splitter = new Splitter();
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 2, maxLength: 40 }),
        fc.double({ min: 0.5, max: 1, noNaN: true }),
        fc.boolean(),
        (ws, fraction, negative) => {
          const w = ws.reduce((a, b) => a + b, 0);
          fc.pre(w > 0);
          const s = Math.floor(((2 ** 52 - 1) / w) * fraction);
          const total = negative ? -s : s;
          const out = new Float64Array(ws.length);
          splitter.split(total, Float64Array.from(ws), null, w, null, 0, ws.length, out);
          expect(Array.from(out)).toEqual(reference(BigInt(total), ws.map(BigInt)).map(Number));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("equal weights (a uniform column) equal the reference, with and without an id list", () => {
    const splitter = new Splitter();
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 2, max: 3000 }),
        fc.boolean(),
        (total, x, m, withIds) => {
          const scaled = new Float64Array(m).fill(x);
          const ids = withIds ? Int32Array.from({ length: m }, (_, j) => m - 1 - j) : null;
          const out = new Float64Array(m);
          splitter.split(total, scaled, null, m * x, ids, 0, m, out, true);
          const expected = reference(BigInt(total), new Array<bigint>(m).fill(BigInt(x))).map(Number);
          const got = ids ? Array.from(ids, (id) => out[id]) : Array.from(out);
          expect(got).toEqual(expected);
          expect(got.some((v) => Object.is(v, -0))).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("whole-column splits by weight class (few distinct weights) equal the reference", () => {
    const splitter = new Splitter();
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -(2 ** 51), max: 2 ** 51 })),
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { minLength: 2, maxLength: 3000 }),
        fc.boolean(),
        (total, palette, picks, manyClasses) => {
          // Weights drawn from a small palette (classes), or all distinct (no classes).
          const ws = picks.map((p, i) => (manyClasses ? i % 400 : palette[p % palette.length]!));
          const w = ws.reduce((a, b) => a + b, 0);
          fc.pre(w > 0);
          const column = makeWeightColumn(Float64Array.from(ws), { rule: "r", identifiers: [] });
          const out = new Float64Array(ws.length);
          splitter.splitColumn(total, column, out);
          expect(Array.from(out)).toEqual(reference(BigInt(total), ws.map(BigInt)).map(Number));
          expect(weightClasses(column) === null).toBe(manyClasses && ws.length > 255);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("splitting into running totals adds exactly the amounts of a whole-column split", () => {
    const splitter = new Splitter();
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -(2 ** 51), max: 2 ** 51 })),
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 2000 }),
        fc.constantFrom("classes", "uniform", "distinct"),
        (total, palette, picks, kind) => {
          const ws = picks.map((p, i) =>
            kind === "uniform" ? 3 : kind === "distinct" ? (i % 300) + 1 : palette[p % palette.length]!,
          );
          fc.pre(ws.some((x) => x > 0));
          const column = makeWeightColumn(Float64Array.from(ws), { rule: "r", identifiers: [] });
          const amounts = new Float64Array(ws.length);
          splitter.splitColumn(total, column, amounts);
          const before = Float64Array.from(picks, (p) => (p % 7) - 3);
          const into = before.slice();
          const scratch = new Float64Array(ws.length);
          const sum = splitter.splitColumnInto(total, column, into, scratch);
          expect(scratch.every((x) => x === 0)).toBe(true);
          let expectedSum = 0;
          for (let i = 0; i < ws.length; i++) {
            expectedSum += amounts[i]!;
            expect(into[i]).toBe(amounts[i] === 0 ? before[i] : before[i]! + amounts[i]!);
          }
          expect(sum).toBe(expectedSum);
          expect(sum).toBe(total);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("one or two spare units over many elements equal the reference", () => {
    const splitter = new Splitter();
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 9, maxLength: 500 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        (ws, whole, spare, negative) => {
          const w = ws.reduce((a, b) => a + b, 0);
          fc.pre(w > 0);
          // W * whole + spare: every share's floor is whole * w_i plus at most a few spare units.
          const total = (negative ? -1 : 1) * (w * whole + spare);
          const out = new Float64Array(ws.length);
          splitter.split(total, Float64Array.from(ws), null, w, null, 0, ws.length, out);
          expect(Array.from(out)).toEqual(reference(BigInt(total), ws.map(BigInt)).map(Number));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("wide products (|S| * W past 2^53) stay exact without BigInt", () => {
    const splitter = new Splitter();
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 52) + 1, max: 2 ** 52 - 1 }),
        fc.array(fc.integer({ min: 0, max: 2 ** 42 }), { minLength: 2, maxLength: 200 }),
        (total, ws) => {
          const w = ws.reduce((a, b) => a + b, 0);
          fc.pre(w > 0);
          const out = new Float64Array(ws.length);
          splitter.split(total, Float64Array.from(ws), null, w, null, 0, ws.length, out);
          expect(Array.from(out)).toEqual(reference(BigInt(total), ws.map(BigInt)).map(Number));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("equal weights over many records: the missing units go to the first records", () => {
    const splitter = new Splitter();
    const n = 100_000;
    const out = new Float64Array(n);
    // 1,000,000.07 split evenly: 10 cents each (10,000,000 cents), 7 cents missing -> records 0..6
    splitter.split(100_000_007, new Float64Array(n).fill(1), null, n, null, 0, n, out);
    expect(out[0]).toBe(1001);
    expect(out[6]).toBe(1001);
    expect(out[7]).toBe(1000);
    expect(out.reduce((a, b) => a + b, 0)).toBe(100_000_007);
  });
});

describe("radix sort of minor units", () => {
  it("sorts like a numeric sort, negatives and large ranges included", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), {
          minLength: 4096,
          maxLength: 6000,
          size: "max",
        }),
        (xs) => {
          const values = Float64Array.from(xs);
          expect(Array.from(sortIntegers(values))).toEqual(Array.from(values.slice().sort()));
        },
      ),
      { numRuns: 20 },
    );
  });

  it("sorts ranges below 2^32 (32-bit keys) and in place", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), {
          minLength: 4096,
          maxLength: 6000,
          size: "max",
        }),
        fc.constantFrom(1, 1000, 70_000, 2 ** 31),
        (xs, spread) => {
          const values = Float64Array.from(xs, (x) => Math.trunc(x % spread) - 5);
          const expected = Array.from(values.slice().sort());
          expect(Array.from(sortIntegers(values))).toEqual(expected);
          expect(sortIntegers(values, values)).toBe(values);
          expect(Array.from(values)).toEqual(expected);
        },
      ),
      { numRuns: 20 },
    );
  });
});
