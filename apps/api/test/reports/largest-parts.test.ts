import { describe, expect, it } from "vitest";
import { kthSmallest, largestParts } from "../../src/worker/report-data.ts";

// The tree map split's choice of parts (report-data.ts) against the plain rule it implements: per
// measure, the non-zero parts sorted away from zero in the direction of the measure's total, ties
// to the first parts, the first `keep` kept. Random parts with few distinct values, so ties decide.

function reference(values: Float64Array, count: number, width: number, keep: number) {
  const kept = new Uint8Array(count);
  const totals = new Float64Array(width);
  const nonZero = new Int32Array(width);
  for (let m = 0; m < width; m++) {
    const candidates: number[] = [];
    for (let p = 0; p < count; p++) {
      const v = values[p * width + m]!;
      totals[m] = totals[m]! + v;
      if (v !== 0) candidates.push(p);
    }
    nonZero[m] = candidates.length;
    const sign = Math.sign(totals[m]!) || 1;
    const at = (p: number) => values[p * width + m]!;
    candidates.sort((a, b) => sign * (at(b) - at(a)) || a - b);
    for (const p of candidates.slice(0, keep)) kept[p] = 1;
  }
  return { kept, totals, nonZero };
}

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("largestParts", () => {
  it("keeps what sorting every part would keep, ties to the first parts", () => {
    const next = random(7);
    for (let round = 0; round < 2000; round++) {
      const width = 1 + Math.floor(next() * 4);
      const count = Math.floor(next() * 300);
      const keep = 1 + Math.floor(next() * 40);
      const spread = [1, 3, 10, 1e6, 2 ** 52][Math.floor(next() * 5)]!;
      const bias = next() < 0.5 ? 0 : spread / 2;
      const values = new Float64Array(count * width);
      for (let i = 0; i < values.length; i++) {
        values[i] = next() < 0.2 ? 0 : Math.round(next() * spread - bias);
      }
      const got = largestParts(values, count, width, keep);
      const want = reference(values, count, width, keep);
      expect([...got.kept], `round ${round}`).toEqual([...want.kept]);
      expect([...got.totals]).toEqual([...want.totals]);
      expect([...got.nonZero]).toEqual([...want.nonZero]);
    }
  });

  it("keeps the first of equal parts, away from zero in the direction of a negative total", () => {
    // One measure: -5, 3, -5, -5, 0, -2 (total -14): the two farthest below zero are parts 0 and 2.
    const got = largestParts(Float64Array.of(-5, 3, -5, -5, 0, -2), 6, 1, 2);
    expect([...got.kept]).toEqual([1, 0, 1, 0, 0, 0]);
    expect([...got.totals]).toEqual([-14]);
    expect([...got.nonZero]).toEqual([5]);
  });

  it("selects the k-th smallest value as a sort would, whatever the ties", () => {
    const next = random(11);
    for (let round = 0; round < 3000; round++) {
      const n = 1 + Math.floor(next() * 200);
      const distinct = [1, 2, 5, 50, 1e9][Math.floor(next() * 5)]!;
      const values = Float64Array.from({ length: n }, () => Math.floor(next() * distinct) - distinct / 3);
      // Already sorted, reversed and constant runs too (the pivots' worst shapes).
      if (round % 7 === 1) values.sort();
      if (round % 7 === 2) values.sort().reverse();
      const sorted = Float64Array.from(values).sort();
      const k = Math.floor(next() * n);
      expect(kthSmallest(Float64Array.from(values), n, k), `round ${round}`).toBe(sorted[k]);
    }
  });
});
