import { describe, expect, it } from "vitest";
import { isValidPercentage, percentageToRatio } from "../src/features/allocations/components/percentage";
import { buildReportLinePayload, EMPTY_LINE } from "../src/features/reports/components/report-line-payload";

describe("P&L line save rules", () => {
  it("sends the formula only for FOR lines", () => {
    const p = buildReportLinePayload(
      { ...EMPTY_LINE, category: "FOR", formula: "=REV-COGS", code: "P", description: "Profit" },
      7,
    );
    expect(p.formula).toBe("=REV-COGS");
    expect(p).not.toHaveProperty("activity");
    expect(p).not.toHaveProperty("calculated_driver_id");
  });

  it("sends the activity only for ACT lines", () => {
    const p = buildReportLinePayload(
      { ...EMPTY_LINE, category: "ACT", activity: 3, code: "A", description: "Pick" },
      7,
    );
    expect(p.activity).toBe(3);
    expect(p).not.toHaveProperty("formula");
  });

  it("sends driver and its dimension only for DRI lines", () => {
    const p = buildReportLinePayload(
      {
        ...EMPTY_LINE,
        category: "DRI",
        calculated_driver_id: 9,
        driverDimension: 4,
        code: "R",
        description: "Rev",
      },
      7,
    );
    expect(p.calculated_driver_id).toBe(9);
    expect(p.dimension).toBe(4);
    expect(p).not.toHaveProperty("activity");
  });

  it("sends a parent of 0 as null and keeps the defaults", () => {
    const p = buildReportLinePayload({ ...EMPTY_LINE, code: "X", description: "Y" }, 7);
    expect(p.parent).toBeNull();
    expect(p.factor).toBe(1);
    expect(p.category).toBe("ACT");
    expect(EMPTY_LINE.formula).toBe("=");
  });
});

describe("allocation percentage", () => {
  it("is sent as a ratio with six decimals and must lie in 0..100", () => {
    expect(percentageToRatio()).toBe("1.000000");
    expect(percentageToRatio(12.5)).toBe("0.125000");
    expect(isValidPercentage(100)).toBe(true);
    expect(isValidPercentage(-1)).toBe(false);
    expect(isValidPercentage(100.01)).toBe(false);
  });
});
