// Step 1 scenarios, figures derived by hand in the comments (minor units are cents for EUR).

import { describe, expect, it } from "vitest";
import { CalcError, calculate } from "../../src/calc/calculate.ts";
import { buildSummary } from "../../src/summary/build-summary.ts";
import { buildModel, type ModelSpec } from "./model-builder.ts";

const pools: [string, boolean][] = [
  ["P1", true],
  ["P2", true],
  ["P3", true],
];
const run = (spec: ModelSpec) => {
  const model = buildModel({ pools, ...spec });
  const result = calculate(model);
  return { result, summary: buildSummary(model, result) };
};
const flow = (s: ReturnType<typeof run>["summary"], source: string, destination: string) =>
  s.flows?.find((f) => f.step === 1 && f.source === source && f.destination === destination)?.amount ?? 0;

describe("step 1: accounts to cost pools", () => {
  it("under allocation: T = 90% routes 90.00 of 100.00 and leaves 10.00", () => {
    const { summary } = run({
      accounts: [["A", 100]],
      step1: [
        ["A", "P1", "PERCENTAGE", 30],
        ["A", "P2", "PERCENTAGE", 30],
        ["A", "P3", "PERCENTAGE", 30],
      ],
    });
    // R = 100.00 * 90 / 100 = 90.00, split 30 : 30 : 30 = 30.00 each; U = 100.00 - 90.00 = 10.00
    expect(summary.accounts!.A).toEqual({
      amount: 100,
      allocated: 90,
      unallocated: 10,
      status: "UNDER_ALLOCATED",
    });
    expect([flow(summary, "A", "P1"), flow(summary, "A", "P2"), flow(summary, "A", "P3")]).toEqual([
      30, 30, 30,
    ]);
    expect(summary.checks[0]).toEqual({ step: 1, in: 100, allocated: 90, unallocated: 10, ok: true });
  });

  it("over allocation: T = 120% routes 240.00 of 200.00, unallocated -40.00", () => {
    const { summary } = run({
      accounts: [["C", 200]],
      step1: [
        ["C", "P1", "PERCENTAGE", 60],
        ["C", "P2", "PERCENTAGE", 60],
      ],
    });
    // R = 200.00 * 1.2 = 240.00 -> 120.00 + 120.00; U = 200.00 - 240.00 = -40.00
    expect(summary.accounts!.C).toEqual({
      amount: 200,
      allocated: 240,
      unallocated: -40,
      status: "OVER_ALLOCATED",
    });
    expect(summary.pools!.P1!.after_step1).toBe(120);
  });

  it("largest remainder ties go to the pool code that sorts first, whatever the rule order", () => {
    const { summary } = run({
      accounts: [["B", 100]],
      poolDrivers: [["d", false]],
      poolDriverValues: [
        ["d", "P1", 1],
        ["d", "P2", 1],
        ["d", "P3", 1],
      ],
      step1: [
        ["B", "P3", "DRIVER", 100, "d"],
        ["B", "P1", "DRIVER", 100, "d"],
        ["B", "P2", "DRIVER", 100, "d"],
      ],
    });
    // 10000 cents / 3 = 3333.33 each: floors 3333 x 3 = 9999, the missing cent ties -> P1
    expect([flow(summary, "B", "P1"), flow(summary, "B", "P2"), flow(summary, "B", "P3")]).toEqual([
      33.34, 33.33, 33.33,
    ]);
  });

  it("a negative amount is split as |S| and negated", () => {
    const { summary } = run({
      accounts: [["E", -100]],
      poolDrivers: [["d", false]],
      poolDriverValues: [
        ["d", "P1", 1],
        ["d", "P2", 1],
        ["d", "P3", 1],
      ],
      step1: [
        ["E", "P1", "DRIVER", 100, "d"],
        ["E", "P2", "DRIVER", 100, "d"],
        ["E", "P3", "DRIVER", 100, "d"],
      ],
    });
    // |S| = 10000 -> 3334, 3333, 3333 -> negated
    expect([flow(summary, "E", "P1"), flow(summary, "E", "P2"), flow(summary, "E", "P3")]).toEqual([
      -33.34, -33.33, -33.33,
    ]);
    expect(summary.accounts!.E!.status).toBe("FULLY_ALLOCATED");
  });

  it("R is rounded half away from zero: 0.05 at 50% routes 0.03, -0.05 routes -0.03", () => {
    const { summary } = run({
      accounts: [
        ["F", 0.05],
        ["G", -0.05],
      ],
      step1: [
        ["F", "P1", "PERCENTAGE", 50],
        ["G", "P1", "PERCENTAGE", 50],
      ],
    });
    // 5 cents * 0.5 = 2.5 -> 3; -2.5 -> -3
    expect(summary.accounts!.F).toMatchObject({ allocated: 0.03, unallocated: 0.02 });
    expect(summary.accounts!.G).toMatchObject({ allocated: -0.03, unallocated: -0.02 });
  });

  it("PERCENTAGE and DRIVER rows together: the group routes g% split by driver values", () => {
    const { summary } = run({
      accounts: [["G", 1000]],
      poolDrivers: [["sqm", false]],
      poolDriverValues: [
        ["sqm", "P2", 1],
        ["sqm", "P3", 2],
      ],
      step1: [
        ["G", "P1", "PERCENTAGE", 25],
        ["G", "P2", "DRIVER", 75, "sqm"],
        ["G", "P3", "DRIVER", 75, "sqm"],
      ],
    });
    // P1: 25% = 250.00; group 75% = 750.00 split 1 : 2 -> 250.00 and 500.00
    expect([flow(summary, "G", "P1"), flow(summary, "G", "P2"), flow(summary, "G", "P3")]).toEqual([
      250, 250, 500,
    ]);
    expect(summary.accounts!.G!.status).toBe("FULLY_ALLOCATED");
  });

  it("a DRIVER group whose values sum to 0 routes nothing, is left out of T and is reported", () => {
    const { summary, result } = run({
      accounts: [["D", 50]],
      poolDrivers: [["z", false]],
      poolDriverValues: [["z", "P2", 0]],
      step1: [
        ["D", "P1", "PERCENTAGE", 40],
        ["D", "P2", "DRIVER", 60, "z"],
        ["D", "P3", "DRIVER", 60, "z"],
      ],
    });
    // T = 40 (group left out): R = 20.00 to P1, U = 30.00, status follows what was routed
    expect(summary.accounts!.D).toEqual({
      amount: 50,
      allocated: 20,
      unallocated: 30,
      status: "UNDER_ALLOCATED",
    });
    const issue = result.issues.find((i) => i.kind === "ZERO_DRIVER_SUM")!;
    expect(issue.message).toContain("Please, set driver values");
    expect(issue.details).toMatchObject({ account: "D", driver: "z" });
  });

  it("DRIVER rows of one group with different percentages end in an error", () => {
    const model = buildModel({
      pools,
      accounts: [["D", 50]],
      poolDrivers: [["z", false]],
      poolDriverValues: [
        ["z", "P1", 1],
        ["z", "P2", 1],
      ],
      step1: [
        ["D", "P1", "DRIVER", 60, "z"],
        ["D", "P2", "DRIVER", 40, "z"],
      ],
    });
    expect(() => calculate(model)).toThrowError(
      expect.objectContaining({
        code: "DRIVER_GROUP_PERCENTAGE_MISMATCH",
        details: expect.objectContaining({ driver: "z" }),
      }),
    );
  });

  it("a negative driver value ends in an error naming rule, pool and value", () => {
    const model = buildModel({
      pools,
      accounts: [["D", 50]],
      poolDrivers: [["z", false]],
      poolDriverValues: [["z", "P1", -2]],
      step1: [["D", "P1", "DRIVER", 100, "z"]],
    });
    try {
      calculate(model);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CalcError);
      expect((error as CalcError).code).toBe("INVALID_WEIGHT");
      expect((error as CalcError).details).toMatchObject({ record: "P1", value: -2, driver: "z" });
    }
  });

  it("an account with a value and no rule is fully unallocated and reported", () => {
    const { summary, result } = run({ accounts: [["X", 12.34]] });
    expect(summary.accounts!.X).toEqual({
      amount: 12.34,
      allocated: 0,
      unallocated: 12.34,
      status: "UNDER_ALLOCATED",
    });
    expect(result.issues.map((i) => i.kind)).toContain("ACCOUNT_WITHOUT_RULES");
  });

  it("several rows of one account to one pool are split apart and summed in flows", () => {
    const { summary, result } = run({
      accounts: [["H", 0.01]],
      step1: [
        ["H", "P2", "PERCENTAGE", 50],
        ["H", "P1", "PERCENTAGE", 25],
        ["H", "P1", "PERCENTAGE", 25],
      ],
    });
    // 1 cent: raws 0.25 (P1), 0.25 (P1), 0.5 (P2): floors 0, the cent goes to the largest remainder: P2
    expect(result.step1.rows.filter((r) => r.destination === "P1")).toHaveLength(2);
    expect(flow(summary, "H", "P1")).toBe(0);
    expect(flow(summary, "H", "P2")).toBe(0.01);
  });

  it("amounts with more decimals than the currency are rounded on load with a warning", () => {
    const { summary, result } = run({ accounts: [["R", 10.005]], step1: [["R", "P1", "PERCENTAGE", 100]] });
    // 10.005 read as a decimal: 1000.5 cents -> 1001 (half away from zero)
    expect(summary.accounts!.R!.amount).toBe(10.01);
    expect(result.warnings.some((w) => w.includes("10.005"))).toBe(true);
  });

  it("KWD has 3 decimals: 1.000 over three equal pools is 0.334, 0.333, 0.333", () => {
    const { summary, result } = run({
      currency: "KWD",
      accounts: [
        ["K", 1],
        ["L", 1.0005],
      ],
      poolDrivers: [["d", false]],
      poolDriverValues: [
        ["d", "P1", 1],
        ["d", "P2", 1],
        ["d", "P3", 1],
      ],
      step1: [
        ["K", "P1", "DRIVER", 100, "d"],
        ["K", "P2", "DRIVER", 100, "d"],
        ["K", "P3", "DRIVER", 100, "d"],
      ],
    });
    // 1000 fils / 3 = 333.33: 334, 333, 333
    expect(result.minorDigits).toBe(3);
    expect([flow(summary, "K", "P1"), flow(summary, "K", "P2"), flow(summary, "K", "P3")]).toEqual([
      0.334, 0.333, 0.333,
    ]);
    // 1.0005 KWD = 1000.5 fils -> 1001 fils
    expect(summary.accounts!.L!.amount).toBe(1.001);
  });

  it("JPY has 0 decimals: 1000 over three equal pools is 334, 333, 333", () => {
    const { summary } = run({
      currency: "JPY",
      accounts: [
        ["J", 1000],
        ["Y", 100.5],
      ],
      poolDrivers: [["d", false]],
      poolDriverValues: [
        ["d", "P1", 1],
        ["d", "P2", 1],
        ["d", "P3", 1],
      ],
      step1: [
        ["J", "P1", "DRIVER", 100, "d"],
        ["J", "P2", "DRIVER", 100, "d"],
        ["J", "P3", "DRIVER", 100, "d"],
      ],
    });
    expect([flow(summary, "J", "P1"), flow(summary, "J", "P2"), flow(summary, "J", "P3")]).toEqual([
      334, 333, 333,
    ]);
    // 100.5 yen -> 101 (half away from zero)
    expect(summary.accounts!.Y!.amount).toBe(101);
  });

  it("percentages are exact decimals: 33.3333 + 33.3333 + 33.3334 is exactly 100%", () => {
    const { summary } = run({
      accounts: [["A", 1000000]],
      step1: [
        ["A", "P1", "PERCENTAGE", 33.3333],
        ["A", "P2", "PERCENTAGE", 33.3333],
        ["A", "P3", "PERCENTAGE", 33.3334],
      ],
    });
    // 100,000,000 cents: 33,333,300 / 33,333,300 / 33,333,400 cents, no float residue
    expect(summary.accounts!.A!.status).toBe("FULLY_ALLOCATED");
    expect([flow(summary, "A", "P1"), flow(summary, "A", "P2"), flow(summary, "A", "P3")]).toEqual([
      333333, 333333, 333334,
    ]);
  });
});
