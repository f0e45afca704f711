// Steps 5 and 6 and the roll-up on the chain model (chain-model.ts), figures derived by hand.

import { describe, expect, it } from "vitest";
import { CalcStoppedError, calculate } from "../../src/calc/calculate.ts";
import { buildSummary } from "../../src/summary/build-summary.ts";
import { chainModel } from "./chain-model.ts";
import { buildModel, type ModelSpec } from "./model-builder.ts";

const run = (spec: ModelSpec) => {
  const model = buildModel(spec);
  const result = calculate(model);
  return { result, summary: buildSummary(model, result) };
};
// ACC (100.00) rests on C1 and C2 only: weights w2 = 1, 1, 0
const withCustWeights = (extra: Partial<ModelSpec>) => {
  const spec = chainModel(extra);
  spec.records!.CUST = spec.records!.CUST!.map((r) => ({ ...r, w2: r.identifier === "C3" ? 0 : 1 }));
  return spec;
};

describe("step 5: pushes down customers -> orders -> lines", () => {
  it("chain with EVEN then DRIVER, W = 0 unallocated, roll-up counted once", () => {
    const { summary, result } = run(
      withCustWeights({
        step5: [
          ["ACC", "ORDERS", "LINES", "DRIVER:qty"],
          ["ACC", "CUST", "ORDERS", "EVEN"],
        ],
      }),
    );
    // step 4: 100.00 -> C1 50.00, C2 50.00
    // push 1 (CUST -> ORDERS, EVEN): C1 50.00 -> O1 25.00, O2 25.00; C2 50.00 -> O3 50.00
    // push 2 (ORDERS -> LINES, qty): O1 2500 cents by 1 : 2 -> 833.33 / 1666.67 -> floors 833 + 1666,
    //   the cent to L2 (.67): L1 8.33, L2 16.67; O2's only line has qty 0 -> stays on O2 (unallocated);
    //   O3 50.00 -> L4
    expect(summary.records!.LINES).toMatchObject({
      L1: { cost: 8.33 },
      L2: { cost: 16.67 },
      L4: { cost: 50 },
    });
    expect(summary.records!.ORDERS).toEqual({
      O1: { cost: 25, unallocated: 0 }, // 8.33 + 16.67 rolled up
      O2: { cost: 25, unallocated: 25 }, // resting: the push could not go further
      O3: { cost: 50, unallocated: 0 },
    });
    // C1 = L1 + L2 (via O1) + O2 = 50.00: L1 and L2 also point to C1 directly, counted once
    expect(summary.records!.CUST).toEqual({
      C1: { cost: 50, unallocated: 0 },
      C2: { cost: 50, unallocated: 0 },
      C3: { cost: 0, unallocated: 0 },
    });
    // P1 = L1 8.33 (+ L3 0); P2 = L2 16.67 + L4 50.00 = 66.67
    expect(summary.records!.PROD).toEqual({
      P1: { cost: 8.33, unallocated: 0 },
      P2: { cost: 66.67, unallocated: 0 },
    });
    // in = 100.00 (push 1) + 100.00 (push 2): money passed down the chain counts once per push
    expect(summary.checks.find((c) => c.step === 5)).toEqual({
      step: 5,
      in: 200,
      allocated: 175,
      unallocated: 25,
      not_allocated: 0,
      ok: true,
    });
    const push2 = result.step5.find((p) => p.parentDimension === "ORDERS")!;
    expect(Array.from(push2.unallocatedParents)).toEqual([1]); // O2
    expect(Array.from(push2.unallocatedAmounts)).toEqual([2500]);
    expect(Array.from(push2.receivedByChild!)).toEqual([833, 1667, 0, 5000, 0]);
    expect(Array.from(push2.sentByParent!)).toEqual([2500, 0, 5000]);
    const unalloc = result.issues.find((i) => i.kind === "PUSH_UNALLOCATED")!;
    expect(unalloc.details).toMatchObject({
      original_dimension_name: "ORDERS",
      records: [{ original_transaction_id: "O2", amount: 2500 }],
    });
  });

  it("a dangling relationship is reported and not rolled up", () => {
    const { result } = run(withCustWeights({}));
    const issue = result.issues.find((i) => i.kind === "DANGLING_RELATIONSHIP")!;
    expect(issue.details).toMatchObject({ dimension: "LINES", driver: "ORDERS_ID", count: 1 });
    expect(issue.details.records).toEqual([{ record: "L5", value: "O9" }]);
  });

  it("NOT_ALLOCATE keeps the cost on the parent, reported as not_allocated", () => {
    const { summary } = run(withCustWeights({ step5: [["ACC", "CUST", "ORDERS", "NOT_ALLOCATE"]] }));
    expect(summary.records!.ORDERS!.O1!.cost).toBe(0);
    expect(summary.records!.CUST!.C1).toEqual({ cost: 50, unallocated: 0 });
    expect(summary.checks.find((c) => c.step === 5)).toEqual({
      step: 5,
      in: 100,
      allocated: 0,
      unallocated: 0,
      not_allocated: 100,
      ok: true,
    });
  });

  it("a parent without children keeps its cost as unallocated", () => {
    const spec = chainModel({ step5: [["ACC", "CUST", "ORDERS", "EVEN"]] });
    spec.records!.CUST = spec.records!.CUST!.map((r) => ({ ...r, w2: 1 }));
    const { summary } = run(spec);
    // 100.00 / 3 -> C1 33.34, C2 33.33, C3 33.33; C3 has no orders
    expect(summary.records!.CUST!.C3).toEqual({ cost: 33.33, unallocated: 33.33 });
    expect(summary.records!.ORDERS).toMatchObject({
      O1: { cost: 16.67 },
      O2: { cost: 16.67 },
      O3: { cost: 33.33 },
    });
  });

  it("a cycle of push rules is an error", () => {
    const spec = withCustWeights({
      step5: [
        ["ACC", "ORDERS", "LINES", "EVEN"],
        ["ACC", "LINES", "ORDERS", "EVEN"],
      ],
    });
    expect(() => calculate(buildModel(spec))).toThrowError(expect.objectContaining({ code: "PUSH_CYCLE" }));
  });

  it("children out of record order: what reaches the totals is the same whether the push's detail is kept or not", () => {
    // P1's lines are L2 and L4, P2's L1 and L3 (scattered over LINES). ACT (10.00) even over the
    // products: 500 cents each, pushed by qty. P1: 500 x 1/3 = 166.67, 500 x 2/3 = 333.33 -> floors
    // 166 + 333, the missing cent to L2 (.67): L2 167, L4 333. P2: 500 x 1/4 = 125, x 3/4 = 375.
    // Without detail the push adds to an accumulator in list order, added to the totals after the
    // pass (pushes.ts, flushDeferred); with detail it writes each child's amount directly.
    const spec: ModelSpec = {
      accounts: [["A", 10]],
      pools: [["P", true]],
      activities: [["ACT", "P", false]],
      dimensions: [
        ["PROD", null],
        ["LINES", "PROD"],
      ],
      records: {
        PROD: [{ identifier: "P1" }, { identifier: "P2" }],
        LINES: [
          { identifier: "L1", PROD_ID: "P2", qty: 1 },
          { identifier: "L2", PROD_ID: "P1", qty: 1 },
          { identifier: "L3", PROD_ID: "P2", qty: 3 },
          { identifier: "L4", PROD_ID: "P1", qty: 2 },
        ],
      },
      step1: [["A", "P", "PERCENTAGE", 100]],
      step3: [["P", "ACT", 100, null]],
      step4: [["ACT", "PROD", "EVEN"]],
      step5: [["ACT", "PROD", "LINES", "DRIVER:qty"]],
    };
    const model = buildModel(spec);
    for (const detailBudget of [0, undefined]) {
      const result = calculate(model, { detailBudget });
      expect([...result.dimensions.get("LINES")!.restingCost], `budget ${detailBudget}`).toEqual([
        125, 167, 375, 333,
      ]);
      expect([...result.dimensions.get("PROD")!.restingCost]).toEqual([0, 0]);
      expect(result.step5[0]!.receivedByChild === null).toBe(detailBudget === 0);
    }
  });

  it("stops between chunks when asked", () => {
    const model = buildModel(withCustWeights({}));
    let calls = 0;
    expect(() => calculate(model, { shouldStop: () => ++calls > 2 })).toThrowError(CalcStoppedError);
  });
});

describe("step 6: calculated drivers pushed down", () => {
  it("rounds each record's value to cents first, then splits it", () => {
    const { summary, result } = run(
      withCustWeights({
        calculatedDrivers: [["CUST", "target", "=budget"]],
        step6: [["target", "CUST", "ORDERS", "DRIVER:w"]],
      }),
    );
    // C1 100.005 -> 10001 cents (half away) -> O1, O2 by 1 : 1 -> 5000.5 each: the tie to O1
    // C2 7.00 -> O3; C3 0
    const push = result.step6[0]!;
    expect(Array.from(push.receivedByChild!)).toEqual([5001, 5000, 700]);
    expect(summary.checks.find((c) => c.step === 6)).toEqual({
      step: 6,
      in: 107.01,
      allocated: 107.01,
      unallocated: 0,
      not_allocated: 0,
      ok: true,
    });
    // sum_value is the exact total 107.005, reported to the cent (half away)
    expect(summary.calculated_drivers!.CUST!.target!.sum_value).toBe(107.01);
    expect(result.calculatedDrivers[0]!.sumValue).toBe(107.005);
  });
});
