// Step 6 chained pushes (issue 11): a calculated driver of CUST pushed to ORDERS by DRIVER:lines,
// then from ORDERS to LINES by a formula. Figures derived by hand in the comments (cents, EUR).

import { describe, expect, it } from "vitest";
import { CalcError, calculate } from "../../src/calc/calculate.ts";
import { step6SourceDimensions } from "../../src/calc/step6-sources.ts";
import { buildSummary } from "../../src/summary/build-summary.ts";
import { buildModel, type ModelSpec } from "./model-builder.ts";

//   CUST:   C1 (budget 100.00, bonus 9), C2 (10.01, 0), C3 (5.00, 3; no orders)
//   ORDERS: O1 -> C1 (lines 2), O2 -> C1 (lines 1), O3 -> C2 (lines 1)
//   LINES:  L1 -> O1 (qty 1, price 10), L2 -> O1 (2, 10), L3 -> O2 (0, 10), L4 -> O3 (3, 1);
//           lines also carry CUST_ID, so a line reaches its customer by two paths.
const chain = (extra: Partial<ModelSpec> = {}): ModelSpec => ({
  accounts: [["A", 100]],
  pools: [["P", true]],
  activities: [["ACC", "P", false]],
  dimensions: [
    ["CUST", null],
    ["ORDERS", "CUST"],
    ["LINES", "ORDERS"],
  ],
  records: {
    CUST: [
      { identifier: "C1", budget: 100, bonus: 9 },
      { identifier: "C2", budget: 10.01, bonus: 0 },
      { identifier: "C3", budget: 5, bonus: 3 },
    ],
    ORDERS: [
      { identifier: "O1", CUST_ID: "C1", lines: 2 },
      { identifier: "O2", CUST_ID: "C1", lines: 1 },
      { identifier: "O3", CUST_ID: "C2", lines: 1 },
    ],
    LINES: [
      { identifier: "L1", ORDERS_ID: "O1", CUST_ID: "C1", qty: 1, price: 10 },
      { identifier: "L2", ORDERS_ID: "O1", CUST_ID: "C1", qty: 2, price: 10 },
      { identifier: "L3", ORDERS_ID: "O2", CUST_ID: "C1", qty: 0, price: 10 },
      { identifier: "L4", ORDERS_ID: "O3", CUST_ID: "C2", qty: 3, price: 1 },
    ],
  },
  step1: [["A", "P", "PERCENTAGE", 100]],
  step3: [["P", "ACC", 100, null]],
  step4: [["ACC", "CUST", "EVEN"]],
  calculatedDrivers: [
    ["CUST", "rebates", "=budget", true],
    ["CUST", "bonus", "=bonus", true],
  ],
  step6: [
    // Listed bottom-up on purpose: the pushes of one driver run top-down whatever the order.
    ["rebates", "ORDERS", "LINES", "=qty*price"],
    ["rebates", "CUST", "ORDERS", "DRIVER:lines"],
    ["bonus", "CUST", "ORDERS", "EVEN"],
    ["bonus", "ORDERS", "LINES", "NOT_ALLOCATE"],
  ],
  pnl: [
    { code: "REB", category: "DRI", calculatedDriver: "rebates", dimension: "CUST", rank: 1 },
    { code: "BON", category: "DRI", calculatedDriver: "bonus", dimension: "CUST", rank: 2 },
  ],
  ...extra,
});

const run = (spec: ModelSpec) => {
  const model = buildModel(spec);
  const result = calculate(model);
  return { result, summary: buildSummary(model, result) };
};
const pushOf = (result: ReturnType<typeof calculate>, source: string, parent: string) =>
  result.step6.find((p) => p.source === source && p.parentDimension === parent)!;

describe("step 6: chained pushes", () => {
  it("pushes CUST -> ORDERS by DRIVER, then ORDERS -> LINES by a formula, with each link's leftovers", () => {
    const { result } = run(chain());
    const first = pushOf(result, "rebates", "CUST");
    const second = pushOf(result, "rebates", "ORDERS");
    // Both links push the CUST driver (its dimension is the source dimension of each push).
    expect([first.sourceDimension, second.sourceDimension]).toEqual(["CUST", "CUST"]);
    // Link 1, rebates rounded: C1 10000, C2 1001, C3 500 (in 11501).
    // C1 10000 over O1 : O2 = 2 : 1 -> 6666.67, 3333.33: floors 6666 + 3333, the missing cent to
    // O1 (.67) -> O1 6667, O2 3333. C2 1001 -> O3 (its only order). C3 has no orders: 500 stays.
    expect(Array.from(first.receivedByChild!)).toEqual([6667, 3333, 1001]);
    expect([first.in, first.allocated, first.unallocated]).toEqual([11501, 11001, 500]);
    expect(Array.from(first.unallocatedParents)).toEqual([2]); // C3
    expect(Array.from(first.unallocatedAmounts)).toEqual([500]);
    // Link 2, weights qty x price: L1 10, L2 20, L3 0, L4 3 (in 6667 + 3333 + 1001 = 11001).
    // O1 6667 over 10 : 20 -> 2222.33, 4444.67: floors 2222 + 4444, the missing cent to L2 (.67).
    // O2 3333: its only line weighs 0 (W = 0), so it stays on O2. O3 1001 -> L4.
    expect(Array.from(second.receivedByChild!)).toEqual([2222, 4445, 0, 1001]);
    expect([second.in, second.allocated, second.unallocated]).toEqual([11001, 7668, 3333]);
    expect(Array.from(second.unallocatedParents)).toEqual([1]); // O2
    expect(Array.from(second.unallocatedAmounts)).toEqual([3333]);
    expect(second.inByParent && Array.from(second.inByParent)).toEqual([6667, 3333, 1001]);
    // What rests after step 6: C3 500; O2 3333; L1 2222, L2 4445, L4 1001 (sum 11501, nothing lost).
    const rebates = result.calculatedDrivers.find((d) => d.name === "rebates")!;
    expect(Array.from(rebates.resting.get("CUST")!)).toEqual([0, 0, 500]);
    expect(Array.from(rebates.resting.get("ORDERS")!)).toEqual([0, 3333, 0]);
    expect(Array.from(rebates.resting.get("LINES")!)).toEqual([2222, 4445, 0, 1001]);
  });

  it("keeps NOT_ALLOCATE values on the link's parent", () => {
    const { result } = run(chain());
    // bonus: C1 900 -> O1 450, O2 450 (EVEN); C3 300 has no orders and stays; C2 0.
    const first = pushOf(result, "bonus", "CUST");
    expect(Array.from(first.receivedByChild!)).toEqual([450, 450, 0]);
    expect([first.in, first.allocated, first.unallocated, first.notAllocated]).toEqual([1200, 900, 300, 0]);
    // Link 2 is NOT_ALLOCATE: the 900 that entered stays on O1 and O2, reported as not allocated.
    const second = pushOf(result, "bonus", "ORDERS");
    expect([second.in, second.allocated, second.unallocated, second.notAllocated]).toEqual([900, 0, 0, 900]);
    const bonus = result.calculatedDrivers.find((d) => d.name === "bonus")!;
    expect(Array.from(bonus.resting.get("ORDERS")!)).toEqual([450, 450, 0]);
    expect(bonus.resting.get("LINES")).toBeUndefined();
    expect(result.issues.some((i) => i.kind === "NOT_ALLOCATE" && i.details.source === "bonus")).toBe(true);
  });

  it("conserves per push: in sums what entered each push (fixed choice 13)", () => {
    const { summary } = run(chain());
    // in = rebates 11501 + 11001, bonus 1200 + 900 = 24602
    // allocated = 11001 + 7668 + 900 + 0 = 19569; unallocated = 500 + 3333 + 300 = 4133;
    // not allocated = 900; 19569 + 4133 + 900 = 24602
    expect(summary.checks.find((c) => c.step === 6)).toEqual({
      step: 6,
      in: 246.02,
      allocated: 195.69,
      unallocated: 41.33,
      not_allocated: 9,
      ok: true,
    });
  });

  it("DRI lines read the pushed values on every dimension, a line counted once for its customer", () => {
    const { summary } = run(chain());
    // REB on LINES: what rests there (L1 22.22, L2 44.45, L3 0, L4 10.01)
    expect(summary.pnl!.LINES!.L1!.REB).toBe(22.22);
    expect(summary.pnl!.LINES!.L2!.REB).toBe(44.45);
    expect(summary.pnl!.LINES!.L4!.REB).toBe(10.01);
    // ORDERS: own resting + their lines: O1 = 22.22 + 44.45 = 66.67; O2 = 33.33 (stayed); O3 = 10.01
    expect([
      summary.pnl!.ORDERS!.O1!.REB,
      summary.pnl!.ORDERS!.O2!.REB,
      summary.pnl!.ORDERS!.O3!.REB,
    ]).toEqual([66.67, 33.33, 10.01]);
    // CUST: L1, L2, L3 reach C1 through O1/O2 and through CUST_ID: counted once.
    // C1 = 22.22 + 44.45 + 33.33 = 100.00 (not 166.67); C2 = 10.01; C3 = 5.00 (stayed)
    expect([summary.pnl!.CUST!.C1!.REB, summary.pnl!.CUST!.C2!.REB, summary.pnl!.CUST!.C3!.REB]).toEqual([
      100, 10.01, 5,
    ]);
    // BON: ORDERS O1 4.50, O2 4.50 (kept by NOT_ALLOCATE); CUST C1 9.00, C3 3.00
    expect([summary.pnl!.ORDERS!.O1!.BON, summary.pnl!.ORDERS!.O2!.BON]).toEqual([4.5, 4.5]);
    expect([summary.pnl!.CUST!.C1!.BON, summary.pnl!.CUST!.C2!.BON, summary.pnl!.CUST!.C3!.BON]).toEqual([
      9, 0, 3,
    ]);
  });

  it("refuses a push whose driver never reaches its parent dimension, naming the rule", () => {
    const model = buildModel(chain({ step6: [["rebates", "ORDERS", "LINES", "EVEN"]] }));
    let error: unknown;
    try {
      calculate(model);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CalcError);
    expect((error as CalcError).code).toBe("STEP6_DRIVER_UNREACHED");
    expect((error as CalcError).message).toContain("Step 6 rule rebates: ORDERS -> LINES");
    expect((error as CalcError).details).toMatchObject({ rule: "Step 6 rule rebates: ORDERS -> LINES" });
  });

  it("a driver of the same name on the parent dimension is the one that rule pushes", () => {
    const spec = chain({
      calculatedDrivers: [
        ["CUST", "rebates", "=budget"],
        ["ORDERS", "rebates", "=lines"],
      ],
      step6: [
        ["rebates", "CUST", "ORDERS", "DRIVER:lines"],
        ["rebates", "ORDERS", "LINES", "EVEN"],
      ],
      pnl: [],
    });
    const { result } = run(spec);
    // The ORDERS rule pushes ORDERS' own rebates (2.00, 1.00, 1.00 -> 200, 100, 100 cents) ...
    const orders = result.step6.find((p) => p.parentDimension === "ORDERS")!;
    expect(orders.sourceDimension).toBe("ORDERS");
    expect(orders.in).toBe(400);
    // ... and the CUST values pushed to ORDERS rest there.
    const cust = result.calculatedDrivers.find((d) => d.name === "rebates" && d.dimension === "CUST")!;
    expect(Array.from(cust.resting.get("ORDERS")!)).toEqual([6667, 3333, 1001]);
    expect(
      step6SourceDimensions(
        spec.calculatedDrivers!.map(([dimension, name]) => ({ dimension, name })),
        spec.step6!.map(([calculatedDriver, parentDimension, childDimension]) => ({
          calculatedDriver,
          parentDimension,
          childDimension,
        })),
      ),
    ).toEqual(["CUST", "ORDERS"]);
  });
});
