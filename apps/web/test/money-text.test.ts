import { describe, expect, it } from "vitest";
import { moneyText } from "../src/lib/format";

// Arabic may write Eastern Arabic digits and its own separators depending on the ICU data: read
// them back as Latin digits to compare.
const latin = (s: string) =>
  s
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/\u066B/g, ".")
    .replace(/\u066C/g, ",");

describe("moneyText", () => {
  it("formats two decimals with the currency sign", () => {
    expect(moneyText(1234.5, "en", "EUR")).toBe("€1,234.50");
    expect(moneyText(1234.5, "en", "USD")).toBe("$1,234.50");
    expect(moneyText(0, "en", "EUR")).toBe("€0.00");
    expect(moneyText(-10, "en", "GBP")).toBe("-£10.00");
    expect(moneyText(10, "pt", "EUR")).toMatch(/10,00\s€/);
  });

  it("takes the scenario's currency, in any letter case, and numeric strings", () => {
    expect(moneyText(1234.5, "en", "usd")).toBe("$1,234.50");
    expect(moneyText("1234.5", "en", "EUR")).toBe("€1,234.50");
  });

  it("formats in Arabic", () => {
    const text = moneyText(1234.5, "ar", "EUR");
    expect(text).toContain("€");
    expect(latin(text)).toMatch(/1,?234\.50/);
    const sar = moneyText(1234.5, "ar", "SAR");
    expect(latin(sar)).toMatch(/1,?234\.50/);
    const plain = moneyText(1234.5, "ar", null);
    expect(latin(plain)).toMatch(/1,?234\.50/);
    expect(sar).not.toBe(plain);
    expect(moneyText(1234.5, "ar", "bad")).toBe(plain);
  });

  it("falls back to the plain number without a valid currency, and never throws", () => {
    expect(() => moneyText(1234.5, "en", "EURO")).not.toThrow();
    expect(moneyText(1234.5, "en", "EURO")).toBe("1,234.50");
    expect(moneyText(1234.5, "en", "€")).toBe("1,234.50");
    expect(moneyText(1234.5, "en", "")).toBe("1,234.50");
    expect(moneyText(1234.5, "en", null)).toBe("1,234.50");
    expect(moneyText(1234.5, "en")).toBe("1,234.50");
  });

  it("is empty for a missing or non-numeric value", () => {
    expect(moneyText(null, "en", "EUR")).toBe("");
    expect(moneyText(undefined, "en", "EUR")).toBe("");
    expect(moneyText("", "en", "EUR")).toBe("");
    expect(moneyText(Number.NaN, "en", "EUR")).toBe("");
    expect(moneyText("abc", "en", "EUR")).toBe("");
  });
});
