import { describe, expect, it } from "vitest";
import { defaultScenarioPeriod, formatCurrency, formatDate, formatNumber, isoDay } from "../src/lib/format";

describe("format", () => {
  it("shows two decimals in the UI language", () => {
    expect(formatNumber(1234.5, "en")).toBe("1,234.50");
    expect(formatNumber(1234.5, "es")).toMatch(/1\.?234,50/);
    expect(formatNumber(null, "en")).toBe("");
  });

  it("formats money with the currency", () => {
    expect(formatCurrency(10, "en", "EUR")).toBe("€10.00");
    expect(formatCurrency(10, "pt", "EUR")).toMatch(/10,00\s€/);
  });

  it("falls back to the plain amount on a currency code Intl refuses", () => {
    expect(() => formatCurrency(10, "en", "EURO")).not.toThrow();
    expect(formatCurrency(10, "en", "EURO")).toBe("10.00");
  });

  it("formats calendar days without a time-zone shift", () => {
    expect(formatDate("2026-03-01", "en")).toBe("Mar 1, 2026");
  });

  it("defaults the scenario period to one month before today .. today", () => {
    expect(defaultScenarioPeriod(new Date(2026, 10, 22))).toEqual({ from: "2026-10-22", to: "2026-11-22" });
    expect(defaultScenarioPeriod(new Date(2026, 2, 31))).toEqual({ from: "2026-02-28", to: "2026-03-31" });
    expect(defaultScenarioPeriod(new Date(2026, 0, 15))).toEqual({ from: "2025-12-15", to: "2026-01-15" });
    expect(isoDay(new Date(2026, 0, 5))).toBe("2026-01-05");
  });
});
