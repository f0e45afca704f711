// P&L lines (ACT, DRI, FOR, AGG), profit and whale curves, figures derived by hand.

import { describe, expect, it } from "vitest";
import { calculate } from "../../src/calc/calculate.ts";
import { buildSummary } from "../../src/summary/build-summary.ts";
import { chainModel } from "./chain-model.ts";
import { buildModel, type ModelSpec } from "./model-builder.ts";

const run = (spec: ModelSpec) => {
  const model = buildModel(spec);
  const result = calculate(model);
  return { result, summary: buildSummary(model, result) };
};

const pnlModel = (extra: Partial<ModelSpec> = {}) => {
  const spec = chainModel({
    step5: [
      ["ACC", "CUST", "ORDERS", "EVEN"],
      ["ACC", "ORDERS", "LINES", "DRIVER:qty"],
    ],
    calculatedDrivers: [["LINES", "revenue", "=qty*price", true]],
    pnl: [
      { code: "REV", category: "DRI", calculatedDriver: "revenue", dimension: "LINES", rank: 1 },
      { code: "COST", category: "ACT", activity: "ACC", factor: -1, rank: 2 },
      { code: "GM", category: "FOR", formula: "=REV+COST", rank: 3 },
      { code: "MARGIN", category: "FOR", formula: "=IF(REV=0, 0, GM/REV)", parent: "GM", rank: 4 },
      { code: "TOTAL", category: "AGG", factor: -1, parent: null, rank: 0 },
      {
        code: "T_REV",
        category: "DRI",
        calculatedDriver: "revenue",
        dimension: "LINES",
        parent: "TOTAL",
        rank: 5,
      },
      { code: "T_COST", category: "ACT", activity: "ACC", factor: -1, parent: "TOTAL", rank: 6 },
    ],
    ...extra,
  });
  spec.records!.CUST = spec.records!.CUST!.map((r) => ({ ...r, w2: r.identifier === "C3" ? 0 : 1 }));
  return spec;
};

describe("P&L structure", () => {
  it("ACT, DRI, FOR (with factors), AGG and ratio totals", () => {
    const { summary, result } = run(pnlModel());
    // revenue = qty x price: L1 10, L2 20, L3 0, L4 40 (L5 0); C1 = L1 + L2 + L3 = 30, C2 = L4 = 40
    // COST (factor -1): C1 -50.00, C2 -50.00 (see pushes.test.ts)
    // GM = REV + COST: C1 -20.00, C2 -10.00; MARGIN = GM / REV: C1 -0.67 (-0.666...), C2 -0.25
    // TOTAL (AGG, factor -1) = -(T_REV + T_COST): C1 20.00, C2 10.00
    expect(summary.pnl!.CUST!.C1).toEqual({
      TOTAL: 20,
      REV: 30,
      COST: -50,
      GM: -20,
      MARGIN: -0.67,
      T_REV: 30,
      T_COST: -50,
    });
    expect(summary.pnl!.CUST!.C2).toMatchObject({ REV: 40, COST: -50, GM: -10, MARGIN: -0.25, TOTAL: 10 });
    expect(summary.pnl!.CUST!.C3).toMatchObject({ REV: 0, COST: 0, GM: 0, MARGIN: 0 });
    // orders: O1 = L1 + L2: REV 30, COST -(8.33 + 16.67) = -25.00
    expect(summary.pnl!.ORDERS!.O1).toMatchObject({ REV: 30, COST: -25, GM: 5 });
    // products: P1 = L1 + L3 (+ L5, dangling order but valid product): REV 10 + 0 + 0, COST -8.33
    expect(summary.pnl!.PROD!.P1).toMatchObject({ REV: 10, COST: -8.33, GM: 1.67 });
    // totals over customers: REV 70, COST -100, GM -30; the ratio line is the ratio of totals
    // -30 / 70 = -0.428571..., not the sum of the records' ratios (-0.9166...)
    const totals = result.pnl.byDimension.get("CUST")!.totals;
    expect(totals.get("GM")).toBeCloseTo(-30, 10);
    expect(totals.get("MARGIN")).toBeCloseTo(-30 / 70, 12);
    // profit: the last root line by rank is GM (roots: TOTAL 0, REV 1, COST 2, GM 3)
    expect(result.pnl.profitLine).toBe("GM");
    expect(summary.profit!.CUST).toEqual({ C1: -20, C2: -10, C3: 0 });
    // total profit over customers is -30.00: no percentages
    expect(summary.whale!.CUST).toEqual({
      profit_line: "GM",
      total_profit: -30,
      note: "Total profit is negative: cumulative percentages of total profit cannot be drawn",
    });
  });

  it("profit line from settings", () => {
    const { result } = run(pnlModel({ settings: { profitLine: "TOTAL" } }));
    expect(result.pnl.profitLine).toBe("TOTAL");
    expect(Array.from(result.pnl.byDimension.get("CUST")!.profit)).toEqual([20, 10, 0]);
  });

  it("lines referencing each other in a cycle are an error naming them", () => {
    const spec = pnlModel();
    spec.pnl = [
      { code: "A", category: "FOR", formula: "=B+1" },
      { code: "B", category: "FOR", formula: "=A" },
    ];
    expect(() => calculate(buildModel(spec))).toThrowError(
      expect.objectContaining({ code: "PNL_CYCLE", details: { lines: ["A", "B"] } }),
    );
  });

  it("whale curve: sorted by profit, cumulative percent, peak and loss tail", () => {
    const { summary, result } = run({
      dimensions: [["CUST", null]],
      records: {
        CUST: [
          { identifier: "C1", r: 30 },
          { identifier: "C2", r: -10 },
          { identifier: "C3", r: 60 },
        ],
      },
      calculatedDrivers: [["CUST", "rev", "=r", true]],
      pnl: [
        { code: "REV", category: "DRI", calculatedDriver: "rev", dimension: "CUST", rank: 1 },
        { code: "PROFIT", category: "FOR", formula: "=REV", rank: 2 },
      ],
    });
    // profits 60 (C3), 30 (C1), -10 (C2); total 80: cumulative 60, 90, 80 -> 75%, 112.5%, 100%
    expect(summary.whale!.CUST).toEqual({
      profit_line: "PROFIT",
      total_profit: 80,
      // unrounded: (100 * k) / n and (100 * cumulative) / total as doubles
      peak_percent: 112.5,
      peak_at_percent: 66.66666666666667,
      points: [
        [0, 0],
        [33.333333333333336, 75],
        [66.66666666666667, 112.5],
        [100, 100],
      ],
    });
    const whale = result.whale.get("CUST")!;
    expect(whale.lossRecords).toBe(1);
    expect(whale.lossAmount).toBe(-10);
  });

  it("whale with total profit 0 gives a note instead of percentages", () => {
    const { summary } = run({
      dimensions: [["CUST", null]],
      records: {
        CUST: [
          { identifier: "C1", r: 5 },
          { identifier: "C2", r: -5 },
        ],
      },
      calculatedDrivers: [["CUST", "rev", "=r"]],
      pnl: [{ code: "REV", category: "DRI", calculatedDriver: "rev", dimension: "CUST" }],
    });
    expect(summary.whale!.CUST).toEqual({
      profit_line: "REV",
      total_profit: 0,
      note: "Total profit is 0: cumulative percentages of total profit cannot be drawn",
    });
  });
});
