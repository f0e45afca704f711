// The step-5/6 push kernel (push-kernel.ts) against a straightforward reference on random dense
// pushes: every parent's value split over its children with BigInt arithmetic, all remainders
// sorted (largest first, ties to the child that comes first), what the children receive summed
// per record. Short and long runs, equal weights, one child, no children, W = 0, negative values,
// children in record order or scattered, weight sums on both sides of the rank limit (2^25) and
// amounts past plain double arithmetic.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Splitter } from "../../src/calc/largest-remainder.ts";
import { pushRuns, runScratch } from "../../src/calc/push-kernel.ts";
import { referenceSplit } from "../support/reference-split.ts";

interface DensePush {
  /** Parent of each child record (-1: none). */
  parentOf: number[];
  nParent: number;
  weights: number[];
  values: number[];
  /** Start values of the child vector (what earlier pushes left there). */
  base: number[];
}

/** The reference push: per parent, its children in record order, split, added to the base. */
function referencePush(d: DensePush) {
  const into = d.base.slice();
  const received = new Array<number>(d.parentOf.length).fill(0);
  const rest = d.values.slice();
  const stay: number[] = [];
  for (let p = 0; p < d.nParent; p++) {
    const c = d.values[p]!;
    if (c === 0) continue;
    const kids = d.parentOf.flatMap((q, i) => (q === p ? [i] : []));
    const w = kids.reduce((a, i) => a + BigInt(d.weights[i]!), 0n);
    if (kids.length === 0 || w === 0n) {
      stay.push(p);
      continue;
    }
    const parts = referenceSplit(
      BigInt(c),
      kids.map((i) => BigInt(d.weights[i]!)),
    );
    kids.forEach((i, j) => {
      received[i] = Number(parts[j]!);
      into[i] = into[i]! + Number(parts[j]!);
    });
    rest[p] = 0;
  }
  return { into, received, rest, stay };
}

/** The kernel over the same push: CSR child lists, weights in list order, sums per parent. */
function kernelPush(d: DensePush, chunk: number, detail = true, written = true) {
  const n = d.parentOf.length;
  const offsets = new Int32Array(d.nParent + 1);
  for (const p of d.parentOf) if (p >= 0) offsets[p + 1]! += 1;
  for (let p = 0; p < d.nParent; p++) offsets[p + 1]! += offsets[p]!;
  const ids = new Int32Array(offsets[d.nParent]!);
  const fill = offsets.slice(0, d.nParent);
  d.parentOf.forEach((p, i) => {
    if (p >= 0) ids[fill[p]!++] = i;
  });
  const inOrder = ids.length === n && ids.every((id, j) => id === j);
  const uniform = d.weights.every((w) => w === d.weights[0]);
  const wt = uniform ? Float64Array.from(d.weights) : Float64Array.from(ids, (id) => d.weights[id]!);
  const wByParent = new Float64Array(d.nParent);
  for (let p = 0; p < d.nParent; p++) {
    for (let j = offsets[p]!; j < offsets[p + 1]!; j++) wByParent[p]! += d.weights[ids[j]!]!;
  }
  const vp = Float64Array.from(d.values);
  const into = Float64Array.from(d.base);
  const received = new Float64Array(n);
  const sent = new Float64Array(d.nParent);
  const sink = new Float64Array(d.nParent);
  const stayParents: number[] = [];
  const stayAmounts: number[] = [];
  const totals = { allocated: 0, unallocated: 0 };
  const splitter = new Splitter();
  const scratch = runScratch();
  const long = new Float64Array(ids.length);
  for (let from = 0; from < d.nParent; from += chunk) {
    pushRuns(
      splitter,
      scratch,
      vp,
      from,
      Math.min(d.nParent, from + chunk),
      offsets,
      inOrder ? null : ids,
      wt,
      uniform,
      written,
      d.weights.reduce((a, x) => Math.max(a, x), 0),
      wByParent,
      long,
      detail ? received : null,
      into,
      detail ? sent : null,
      sink,
      stayParents,
      stayAmounts,
      totals,
    );
  }
  return { vp, into, received, sent, sink, stayParents, stayAmounts, totals };
}

const amount = fc.oneof(
  fc.constant(0),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
);
const weight = (max: number) =>
  fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max }),
    fc.noBias(fc.integer({ min: Math.floor(max / 2), max })),
    // Few distinct weights: equal remainders, so the ties decide.
    fc.constantFrom(max, Math.max(0, max - 1), Math.ceil(max / 3)),
  );

/** A random dense push: most children belong to a parent, runs from none to about 60. */
const densePush = fc
  .record({
    nParent: fc.integer({ min: 1, max: 12 }),
    runs: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 12 }),
    scatter: fc.boolean(),
    orphans: fc.integer({ min: 0, max: 3 }),
    maxWeight: fc.constantFrom(1, 3, 250, 10_000, 2 ** 24, 2 ** 40),
    equal: fc.boolean(),
    seed: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
  })
  .chain((r) => {
    const parentOf: number[] = [];
    r.runs.forEach((len, p) => {
      if (p < r.nParent) for (let j = 0; j < len; j++) parentOf.push(p);
    });
    for (let j = 0; j < r.orphans; j++) parentOf.push(-1);
    if (r.scatter) {
      // A deterministic shuffle: children of one parent spread over the child dimension.
      for (let i = parentOf.length - 1; i > 0; i--) {
        const k = (r.seed[i % 8]! + i * 7919) % (i + 1);
        [parentOf[i], parentOf[k]] = [parentOf[k]!, parentOf[i]!];
      }
    }
    const n = parentOf.length;
    return fc.record({
      parentOf: fc.constant(parentOf),
      nParent: fc.constant(r.nParent),
      weights: r.equal
        ? weight(r.maxWeight).map((w) => new Array<number>(n).fill(w))
        : fc.array(weight(r.maxWeight), { minLength: n, maxLength: n }),
      values: fc.array(amount, { minLength: r.nParent, maxLength: r.nParent }),
      base: fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: n, maxLength: n }),
    });
  })
  .filter((d) => {
    // Keep every sum of the reference exact in doubles (as the engine's amounts are).
    const big = d.values.reduce((a, c) => a + Math.abs(c), 0) + d.base.reduce((a, c) => a + Math.abs(c), 0);
    const w = d.weights.reduce((a, x) => a + x, 0);
    return big < 2 ** 53 && w < 2 ** 50;
  });

describe("push kernel", () => {
  it("equals the straightforward reference on random dense pushes", () => {
    fc.assert(
      fc.property(
        densePush,
        fc.constantFrom(1, 3, 1 << 16),
        fc.boolean(),
        fc.boolean(),
        (d, chunk, detail, written) => {
          const want = referencePush(d);
          const got = kernelPush(d, chunk, detail, written);
          expect(Array.from(got.into)).toEqual(want.into);
          expect(Array.from(got.vp)).toEqual(want.rest);
          expect(got.stayParents).toEqual(want.stay);
          expect(got.stayAmounts).toEqual(want.stay.map((p) => d.values[p]!));
          expect(Array.from(got.sink)).toEqual(d.values.map((c, p) => (want.stay.includes(p) ? c : 0)));
          const passed = d.values.map((c, p) => (c !== 0 && !want.stay.includes(p) ? c : 0));
          expect(got.totals.allocated).toBe(passed.reduce((a, c) => a + c, 0));
          expect(got.totals.unallocated).toBe(want.stay.reduce((a, p) => a + d.values[p]!, 0));
          if (detail) {
            expect(Array.from(got.received)).toEqual(want.received);
            expect(Array.from(got.sent)).toEqual(passed);
          } else {
            // Without detail the kernel writes no received or sent vector (they stay zero).
            expect(got.received.every((x) => x === 0) && got.sent.every((x) => x === 0)).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("hands the spare units out by rank exactly at ties (equal remainders)", () => {
    // 7 units over 9 equal-weight children, through the non-uniform path (one weight 0 child
    // makes the weights unequal): the first 7 of the equal ones get 1 each.
    const d: DensePush = {
      parentOf: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      nParent: 1,
      weights: [3, 3, 3, 3, 0, 3, 3, 3, 3, 3],
      values: [7],
      base: new Array<number>(10).fill(0),
    };
    const got = kernelPush(d, 1);
    expect(Array.from(got.into)).toEqual([1, 1, 1, 1, 0, 1, 1, 1, 0, 0]);
    expect(Array.from(got.into)).toEqual(referencePush(d).into);
  });

  it("breaks ties exactly past the rank limit (weight sums from 2^25), every amount up to 5,000", () => {
    const big = 2 ** 24;
    for (const weights of [
      [big, big, big, big, 1],
      [1, big, 3, big, big, 7, big],
      [big - 1, big, big - 1, big, big - 1, big],
    ]) {
      const n = weights.length;
      for (let c = -5000; c <= 5000; c++) {
        const d: DensePush = {
          parentOf: new Array<number>(n).fill(0),
          nParent: 1,
          weights,
          values: [c],
          base: new Array<number>(n).fill(0),
        };
        const got = Array.from(kernelPush(d, 1).into);
        const want = referencePush(d).into;
        if (got.join() !== want.join()) expect({ c, weights, got }).toEqual({ c, weights, got: want });
      }
    }
  });
});
