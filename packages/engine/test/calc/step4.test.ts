// Step 4 scenarios: EVEN, DRIVER, FORMULA splits of an activity's cost over a dimension's records.

import { describe, expect, it } from "vitest";
import { calculate } from "../../src/calc/calculate.ts";
import { buildSummary } from "../../src/summary/build-summary.ts";
import { buildModel, type Cell, type ModelSpec } from "./model-builder.ts";

const base = (
  amount: number,
  rows: Record<string, Cell>[],
  step4: NonNullable<ModelSpec["step4"]>,
  extra: Partial<ModelSpec> = {},
): ModelSpec => ({
  accounts: [["A", amount]],
  pools: [["P", true]],
  activities: [["ACT", "P", false]],
  dimensions: [["CUST", null]],
  records: { CUST: rows },
  step1: [["A", "P", "PERCENTAGE", 100]],
  step3: [["P", "ACT", 100, null]],
  step4,
  ...extra,
});
const run = (spec: ModelSpec) => {
  const model = buildModel(spec);
  const result = calculate(model);
  return { result, summary: buildSummary(model, result) };
};
const costs = (s: ReturnType<typeof run>["summary"]) =>
  Object.fromEntries(Object.entries(s.records!.CUST!).map(([id, r]) => [id, r.cost]));

describe("step 4: activities to dimensions", () => {
  it("EVEN: ties go to the identifier first in code-unit order (B before a)", () => {
    const { summary } = run(
      base(100, [{ identifier: "a" }, { identifier: "c" }, { identifier: "B" }], [["ACT", "CUST", "EVEN"]]),
    );
    // 10000 cents / 3 = 3333.33: the missing cent goes to "B" (code unit 66 < 97), not "a"
    expect(costs(summary)).toEqual({ B: 33.34, a: 33.33, c: 33.33 });
    expect(summary.activities!.ACT).toEqual({
      cost: 100,
      quantity: 3,
      cost_per_unit: 33.33,
      allocated: 100,
      unallocated: 0,
    });
  });

  it("DRIVER: a missing value weighs 0", () => {
    const { summary } = run(
      base(
        10,
        [
          { identifier: "C1", n: 1.5 },
          { identifier: "C2", n: null },
          { identifier: "C3", n: 2.5 },
        ],
        [["ACT", "CUST", "DRIVER", "n"]],
      ),
    );
    // weights 1.5 : 0 : 2.5 (W = 4): 1000 cents -> 375, 0, 625
    expect(costs(summary)).toEqual({ C1: 3.75, C2: 0, C3: 6.25 });
  });

  it("FORMULA: weights from an equation per record", () => {
    const { summary } = run(
      base(
        100,
        [
          { identifier: "C1", q: 2, p: 0.1 },
          { identifier: "C2", q: 1, p: 0.1 },
        ],
        [["ACT", "CUST", "FORMULA", null, "=q*p+0.1"]],
      ),
    );
    // weights 0.3 (2 x 0.1 + 0.1, read as a decimal, not 0.30000000000000004) and 0.2: 60.00 / 40.00
    expect(costs(summary)).toEqual({ C1: 60, C2: 40 });
  });

  it("weights summing to 0 leave the cost unallocated with a message", () => {
    const { summary, result } = run(
      base(
        10,
        [
          { identifier: "C1", n: 0 },
          { identifier: "C2", n: 0 },
        ],
        [["ACT", "CUST", "DRIVER", "n"]],
      ),
    );
    expect(summary.activities!.ACT).toMatchObject({ cost: 10, allocated: 0, unallocated: 10 });
    const issue = result.issues.find((i) => i.kind === "ZERO_DRIVER_SUM")!;
    expect(issue.details).toEqual({ activity: "ACT", dimension: "CUST", driver: "n" });
    expect(summary.checks.find((c) => c.step === 4)).toEqual({
      step: 4,
      in: 10,
      allocated: 0,
      unallocated: 10,
      ok: true,
    });
  });

  it("a negative weight is an error naming the rule, the record and the value", () => {
    const spec = base(
      10,
      [
        { identifier: "C1", n: 1 },
        { identifier: "C2", n: -3 },
      ],
      [["ACT", "CUST", "DRIVER", "n"]],
    );
    expect(() => calculate(buildModel(spec))).toThrowError(
      expect.objectContaining({
        code: "INVALID_WEIGHT",
        details: expect.objectContaining({ record: "C2", value: -3, rule: expect.stringContaining("ACT") }),
      }),
    );
  });

  it("formula errors carry the position: unknown name and division by zero", () => {
    const unknown = base(10, [{ identifier: "C1", q: 1 }], [["ACT", "CUST", "FORMULA", null, "=q*zz"]]);
    expect(() => calculate(buildModel(unknown))).toThrowError(
      expect.objectContaining({
        code: "FORMULA_ERROR",
        details: expect.objectContaining({ position: 3, name: "zz" }),
      }),
    );
    const byZero = base(
      10,
      [
        { identifier: "C1", q: 1 },
        { identifier: "C2", q: 0 },
      ],
      [["ACT", "CUST", "FORMULA", null, "=1/q"]],
    );
    expect(() => calculate(buildModel(byZero))).toThrowError(
      expect.objectContaining({
        code: "FORMULA_ERROR",
        details: expect.objectContaining({ position: 2, record: "C2", formulaCode: "division_by_zero" }),
      }),
    );
  });

  it("an activity with cost and no step-4 rule stays unallocated and is reported", () => {
    const { summary, result } = run(base(10, [{ identifier: "C1" }], []));
    expect(summary.activities!.ACT).toEqual({ cost: 10, quantity: 0, allocated: 0, unallocated: 10 });
    expect(result.issues.some((i) => i.kind === "ACTIVITY_WITHOUT_RULE")).toBe(true);
  });

  it("a calculated driver can serve as split weight", () => {
    const { summary } = run(
      base(
        9,
        [
          { identifier: "C1", q: 1, p: 2 },
          { identifier: "C2", q: 7, p: 1 },
        ],
        [["ACT", "CUST", "DRIVER", "rev"]],
        { calculatedDrivers: [["CUST", "rev", "=q*p"]] },
      ),
    );
    // rev = 2 and 7: 900 cents -> 200 and 700
    expect(costs(summary)).toEqual({ C1: 2, C2: 7 });
    expect(summary.calculated_drivers).toEqual({ CUST: { rev: { sum_value: 9 } } });
  });
});
