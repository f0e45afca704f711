import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isDate, parseDecimal } from "../../src/bundle/csv-fields.ts";
import { csvNumber, csvText } from "../../src/bundle/csv-format.ts";

const parse = (s: string) => {
  const b = Buffer.from(s, "latin1");
  return parseDecimal(b, 0, b.length);
};

describe("parseDecimal", () => {
  it.each([
    ["0", 0],
    ["12", 12],
    ["-12.5", -12.5],
    ["+3", 3],
    [".5", 0.5],
    ["5.", 5],
    ["0.1", 0.1],
    ["45000.5", 45000.5],
    ["1e3", 1000],
    ["2.5E-3", 0.0025],
    ["123456789012345678901234567890", 1.2345678901234568e29],
    ["0.000000000000000000000000001", 1e-27],
  ])("%s", (text, value) => {
    expect(parse(text)).toBe(value);
  });

  it.each(["", "-", ".", "1,5", "1.2.3", "12abc", " 1", "1 ", "e5", "1e", "NaN", "Infinity", "0x10"])(
    "rejects %j",
    (text) => {
      expect(parse(text)).toBeNaN();
    },
  );

  it("property: agrees with Number() on every double written as a plain decimal", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const text = csvNumber(x);
        expect(Object.is(parse(text), x) || (x === 0 && parse(text) === 0)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("csvNumber / csvText", () => {
  it("writes plain decimals, never exponents", () => {
    expect(csvNumber(1e21)).toBe("1000000000000000000000");
    expect(csvNumber(1.5e-7)).toBe("0.00000015");
    expect(csvNumber(-2.5e-10)).toBe("-0.00000000025");
    expect(csvNumber(Number.NaN)).toBe("");
    expect(csvNumber(null)).toBe("");
    expect(() => csvNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("quotes only when needed", () => {
    expect(csvText("plain")).toBe("plain");
    expect(csvText('a "b", c')).toBe('"a ""b"", c"');
    expect(csvText("two\nlines")).toBe('"two\nlines"');
    expect(csvText(null)).toBe("");
  });
});

describe("isDate", () => {
  it.each([
    ["2025-01-31", true],
    ["2024-02-29", true],
    ["2025-02-29", false],
    ["1900-02-29", false],
    ["2000-02-29", true],
    ["2025-13-01", false],
    ["2025-1-01", false],
    ["01/02/2025", false],
  ])("%s -> %s", (text, ok) => {
    expect(isDate(text)).toBe(ok);
  });
});
