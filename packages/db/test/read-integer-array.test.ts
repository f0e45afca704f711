import { describe, expect, it } from "vitest";
import { readIntegerArray } from "../src/repositories/model-data/copy-text.ts";

// Integer arrays' text (what COPY and `::text` give for bigint[]) read in place by the BI export.

const read = (text: string, size = 8) => {
  const out = new Float64Array(size);
  const count = readIntegerArray(text, out);
  return [...out.subarray(0, Math.min(count, size))];
};

describe("readIntegerArray", () => {
  it("reads signed integers, NULL as 0, and empty arrays", () => {
    expect(read("{1,-20,NULL,0,9007199254740991}")).toEqual([1, -20, 0, 0, 9007199254740991]);
    expect(read("{-5}")).toEqual([-5]);
    expect(read("{}")).toEqual([]);
    expect(read("{NULL}")).toEqual([0]);
  });

  it("counts the elements past the output without writing them", () => {
    const out = new Float64Array(2);
    expect(readIntegerArray("{3,4,5}", out)).toBe(3);
    expect([...out]).toEqual([3, 4]);
  });
});
