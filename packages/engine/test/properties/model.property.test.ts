// Invariants on random models: conservation at every step, every split sums to its source, and
// results that do not depend on the order of the input rows.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculate } from "../../src/calc/calculate.ts";
import { buildSummary } from "../../src/summary/build-summary.ts";
import { buildModel } from "../calc/model-builder.ts";
import { randomModel, shuffled } from "./random-model.ts";

const sum = (xs: Iterable<number>) => {
  let s = 0;
  for (const x of xs) s += x;
  return s;
};

describe("model properties", () => {
  it("conservation holds at every step and every split sums exactly to its source", () => {
    fc.assert(
      fc.property(randomModel, (spec) => {
        const result = calculate(buildModel(spec));
        for (const c of result.checks) {
          expect(c.in).toBe(c.allocated + c.unallocated + (c.notAllocated ?? 0));
          expect(c.ok).toBe(true);
        }
        // step 1: each account's rows sum to what it allocated
        for (const a of result.accounts) {
          expect(sum(result.step1.rows.filter((r) => r.source === a.code).map((r) => r.amount))).toBe(
            a.allocated,
          );
        }
        // step 2: pools' inflows reconcile: direct totals = after step 1 + exits
        const step2In = sum(result.pools.filter((p) => !p.isDirect).map((p) => p.afterStep1));
        const step2Out = sum(result.step2.flows.filter((f) => !f.reciprocal).map((f) => f.amount));
        const step2Left = sum(result.pools.filter((p) => !p.isDirect).map((p) => p.unallocated));
        expect(step2Out + step2Left).toBe(step2In);
        // step 4: each activity's record amounts sum to what it allocated
        for (const a of result.activities) {
          if (a.amounts) expect(sum(a.amounts)).toBe(a.allocated);
          expect(a.allocated + a.unallocated).toBe(a.cost);
        }
        // step 5: each push's children received exactly what the parents sent
        for (const p of result.step5) {
          if (p.receivedByChild && p.sentByParent) expect(sum(p.receivedByChild)).toBe(sum(p.sentByParent));
          expect(p.in).toBe(p.allocated + p.unallocated + p.notAllocated);
        }
        // every order names a customer: the customers' rolled-up costs carry all of step 4's cost
        const step4 = result.checks.find((c) => c.step === 4);
        const cust = result.dimensions.get("CUST");
        if (step4 && cust) expect(sum(cust.cost)).toBe(step4.allocated);
      }),
      { numRuns: 150 },
    );
  });

  it("results do not depend on the order of accounts, pools, rules, records or lines", () => {
    fc.assert(
      fc.property(randomModel, fc.integer({ min: 1, max: 1e9 }), (spec, seed) => {
        const a = buildModel(spec);
        const b = buildModel(shuffled(spec, seed));
        expect(JSON.stringify(buildSummary(b, calculate(b)))).toBe(
          JSON.stringify(buildSummary(a, calculate(a))),
        );
      }),
      { numRuns: 100 },
    );
  });
});
