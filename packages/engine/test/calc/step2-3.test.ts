// Steps 2 and 3 scenarios, figures derived by hand in the comments.

import { describe, expect, it } from "vitest";
import { calculate } from "../../src/calc/calculate.ts";
import { buildSummary } from "../../src/summary/build-summary.ts";
import { buildModel, type ModelSpec } from "./model-builder.ts";

const reciprocal = (strategy: "not_allocate" | "rebalance", s1ToD1: number, s1ToS2: number): ModelSpec => ({
  accounts: [
    ["A1", 1000],
    ["A2", 300],
  ],
  pools: [
    ["S1", false],
    ["S2", false],
    ["D1", true],
  ],
  step1: [
    ["A1", "S1", "PERCENTAGE", 100],
    ["A2", "S2", "PERCENTAGE", 100],
  ],
  step2: [
    ["S1", "D1", "PERCENTAGE", s1ToD1],
    ["S1", "S2", "PERCENTAGE", s1ToS2],
    ["S2", "D1", "PERCENTAGE", 50],
    ["S2", "S1", "PERCENTAGE", 50],
  ],
  settings: { step2Strategy: strategy },
});

const run = (spec: ModelSpec) => {
  const model = buildModel(spec);
  const result = calculate(model);
  return { result, summary: buildSummary(model, result) };
};

describe("step 2: reciprocal method", () => {
  it("not_allocate: the unrouted 20% of S1 stays unallocated; exits rounded jointly", () => {
    const { summary } = run(reciprocal("not_allocate", 60, 20));
    // x1 = 1000 + 0.5 x2, x2 = 300 + 0.2 x1 -> 0.9 x1 = 1150: x1 = 1277.777..., x2 = 555.555...
    // exits (cents): S1->D1 0.6 x1 = 76666.67, S1 unallocated 0.2 x1 = 25555.56, S2->D1 0.5 x2 = 27777.78,
    // S2 unallocated 0. Floors 129998 of 130000: the 2 cents go to .78 (S2->D1) and .67 (S1->D1).
    expect(summary.pools!.S1).toEqual({ after_step1: 1000, total: 1277.78, unallocated: 255.55 });
    expect(summary.pools!.S2).toEqual({ after_step1: 300, total: 555.56, unallocated: 0 });
    expect(summary.pools!.D1!.total).toBe(1044.45); // 766.67 + 277.78
    const f = (s: string, d: string) =>
      summary.flows!.find((x) => x.step === 2 && x.source === s && x.destination === d);
    expect(f("S1", "D1")).toEqual({ step: 2, source: "S1", destination: "D1", amount: 766.67 });
    expect(f("S2", "D1")!.amount).toBe(277.78);
    // reciprocal flows are reported rounded: 0.2 x1 = 255.555... and 0.5 x2 = 277.777...
    expect(f("S1", "S2")).toEqual({
      step: 2,
      source: "S1",
      destination: "S2",
      amount: 255.56,
      reciprocal: true,
    });
    expect(f("S2", "S1")).toEqual({
      step: 2,
      source: "S2",
      destination: "S1",
      amount: 277.78,
      reciprocal: true,
    });
    expect(summary.checks.find((c) => c.step === 2)).toEqual({
      step: 2,
      in: 1300,
      allocated: 1044.45,
      unallocated: 255.55,
      ok: true,
    });
  });

  it("rebalance: S1's 80% is scaled to 100% (0.75 to D1, 0.25 to S2)", () => {
    const { summary } = run(reciprocal("rebalance", 60, 20));
    // x1 = 1000 + 0.5 x2, x2 = 300 + 0.25 x1 -> 0.875 x1 = 1150: x1 = 1314.2857..., x2 = 628.5714...
    // S1->D1 0.75 x1 = 98571.43 cents, S2->D1 0.5 x2 = 31428.57: floors 129999, the cent to .57
    expect(summary.pools!.S1!.unallocated).toBe(0);
    const f = (s: string, d: string) =>
      summary.flows!.find((x) => x.source === s && x.destination === d)!.amount;
    expect(f("S1", "D1")).toBe(985.71);
    expect(f("S2", "D1")).toBe(314.29);
    expect(summary.pools!.D1!.total).toBe(1300);
  });

  it("not_allocate rejects T > 100% for step 2", () => {
    expect(() => calculate(buildModel(reciprocal("not_allocate", 70, 40)))).toThrowError(
      expect.objectContaining({
        code: "STEP2_OVER_ALLOCATED",
        details: expect.objectContaining({ pool: "S1" }),
      }),
    );
  });

  it("rebalance scales T > 100% back to 100%", () => {
    const { summary } = run(reciprocal("rebalance", 70, 40));
    // shares 7/11 and 4/11; nothing stays unallocated and D1 gets all 1300.00
    expect(summary.pools!.D1!.total).toBe(1300);
    expect(summary.pools!.S1!.unallocated).toBe(0);
  });

  it("a loop with no exit ends in an error naming its pools", () => {
    const spec = reciprocal("not_allocate", 0, 100);
    spec.pools!.push(["S3", false]);
    spec.step2 = [
      ["S1", "S2", "PERCENTAGE", 100],
      ["S2", "S1", "PERCENTAGE", 100],
      ["S3", "D1", "PERCENTAGE", 100],
    ];
    expect(() => calculate(buildModel(spec))).toThrowError(
      expect.objectContaining({ code: "RECIPROCAL_CLOSED_LOOP", details: { pools: ["S1", "S2"] } }),
    );
  });

  it("a direct pool as step-2 source is an error", () => {
    const spec = reciprocal("not_allocate", 60, 20);
    spec.step2!.push(["D1", "S1", "PERCENTAGE", 10]);
    expect(() => calculate(buildModel(spec))).toThrowError(
      expect.objectContaining({ code: "STEP2_SOURCE_NOT_INDIRECT" }),
    );
  });
});

const tdabc = (capacity: number, q: [number, number], extraRule?: (string | number | null)[]): ModelSpec => ({
  accounts: [["CS_COST", 1000]],
  pools: [["CS", true]],
  poolDrivers: [["minutes", true]],
  poolDriverValues: [["minutes", "CS", capacity]],
  activities: [
    ["T1", "CS", true],
    ["O1", "CS", false],
  ],
  dimensions: [["CUST", null]],
  records: {
    CUST: [
      { identifier: "R1", q: q[0] },
      { identifier: "R2", q: q[1] },
    ],
  },
  step1: [["CS_COST", "CS", "PERCENTAGE", 100]],
  step3: [["CS", "T1", 100, 2], ...(extraRule ? [extraRule] : [])],
  step4: [["T1", "CUST", "DRIVER", "q"]],
});

describe("step 3: direct pools to activities", () => {
  it("ordinary pool: percentages, under allocation and a tie", () => {
    const { summary, result } = run({
      accounts: [
        ["A", 100],
        ["B", 0.01],
      ],
      pools: [
        ["D1", true],
        ["D2", true],
      ],
      activities: [
        ["X2", "D1", false],
        ["X1", "D1", false],
      ],
      step1: [
        ["A", "D1", "PERCENTAGE", 100],
        ["B", "D2", "PERCENTAGE", 100],
      ],
      step3: [
        ["D1", "X1", 50, null],
        ["D1", "X2", 25, null],
        ["D2", "X2", 50, null],
        ["D2", "X1", 50, null],
      ],
    });
    // D1: 100.00 x 75% = 75.00 -> X1 50.00, X2 25.00; 25.00 unallocated
    // D2: 1 cent, raws 0.5 / 0.5: the tie goes to X1 (sorts first)
    expect(summary.pools!.D1).toEqual({ after_step1: 100, total: 100, unallocated: 25 });
    expect(summary.activities!.X1!.cost).toBe(50.01);
    expect(summary.activities!.X2!.cost).toBe(25);
    expect(result.pools.find((p) => p.code === "D1")!.status).toBe("UNDER_ALLOCATED");
    expect(summary.checks.find((c) => c.step === 3)).toEqual({
      step: 3,
      in: 100.01,
      allocated: 75.01,
      unallocated: 25,
      ok: true,
    });
  });

  it("TDABC over capacity: 120 minutes used of 100, unused-capacity cost negative", () => {
    const { summary, result } = run(tdabc(100, [25, 35]));
    // cpm = 1000.00 / 100 = 10.00; Q = 25 + 35 = 60; minutes 2 x 60 = 120; amount 120 x 10.00 = 1200.00
    // unused capacity 100 - 120 = -20 minutes, cost 1000.00 - 1200.00 = -200.00
    expect(summary.tdabc!.CS).toEqual({
      capacity: 100,
      cost_per_minute: 10,
      minutes_used: 120,
      unallocated_capacity: -20,
      unused_capacity_cost: -200,
    });
    expect(result.step3.tdabcPools[0]!.status).toBe("OVER_ALLOCATED");
    expect(result.issues.some((i) => i.kind === "OVER_CAPACITY")).toBe(true);
    const row = result.step3.tdabcRows[0]!;
    expect(row).toMatchObject({
      capacity: 120,
      costPerMinute: 10,
      costPerUnit: 20,
      unallocatedCapacity: -20,
      totalCost: 100000,
      sourceCapacity: 100,
      timeDrivenAmount: 120000,
    });
    // step 4 splits 1200.00 by 25 : 35 -> 500.00 and 700.00
    expect(summary.records!.CUST).toEqual({
      R1: { cost: 500, unallocated: 0 },
      R2: { cost: 700, unallocated: 0 },
    });
    expect(summary.activities!.T1).toEqual({
      cost: 1200,
      quantity: 60,
      cost_per_unit: 20,
      allocated: 1200,
      unallocated: 0,
    });
  });

  it("TDABC rounding: cost per minute 1000.00 / 3 minutes, amount rounded to the cent", () => {
    const { summary } = run(tdabc(3, [0.5, 0]));
    // cpm = 333.333...; minutes 2 x 0.5 = 1; amount = 100000 / 3 cents = 33333.33 -> 333.33
    expect(summary.tdabc!.CS!.cost_per_minute).toBe(333.33);
    expect(summary.activities!.T1!.cost).toBe(333.33);
    expect(summary.tdabc!.CS!.unused_capacity_cost).toBe(666.67); // exact: 1000.00 - 333.33
  });

  it("a time-driven pool with a rule to a non-TDABC activity is an error", () => {
    expect(() => calculate(buildModel(tdabc(100, [1, 1], ["CS", "O1", 10, null])))).toThrowError(
      expect.objectContaining({ code: "TDABC_NON_TDABC_RULE", details: { pool: "CS", activity: "O1" } }),
    );
  });

  it("capacity <= 0 is an error", () => {
    expect(() => calculate(buildModel(tdabc(0, [1, 1])))).toThrowError(
      expect.objectContaining({ code: "TDABC_CAPACITY" }),
    );
  });
});
