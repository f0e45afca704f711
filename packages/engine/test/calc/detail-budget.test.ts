// The detail budget decides only which per-record detail vectors a result keeps: every figure is
// the same with no budget, a small one and the default (activities past the budget are split
// straight into the dimension totals, which must change nothing).

import { createHash, type Hash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateModel } from "../../src/bench/generate-model.ts";
import { calculate } from "../../src/calc/calculate.ts";
import type { CalcResult } from "../../src/calc/result-types.ts";

/** Digest of a value, typed arrays by their bytes (a deep toEqual of millions of numbers is slow). */
function digest(value: unknown): string {
  const hash = createHash("sha256");
  const feed = (h: Hash, v: unknown): void => {
    if (ArrayBuffer.isView(v)) {
      h.update(`${v.constructor.name}${v.byteLength}:`);
      h.update(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    } else if (v instanceof Map) {
      h.update("Map{");
      for (const [k, x] of v) {
        feed(h, k);
        feed(h, x);
      }
      h.update("}");
    } else if (Array.isArray(v)) {
      h.update(`[${v.length}`);
      for (const x of v) feed(h, x);
      h.update("]");
    } else if (v !== null && typeof v === "object") {
      h.update("{");
      for (const [k, x] of Object.entries(v)) {
        h.update(k);
        feed(h, x);
      }
      h.update("}");
    } else h.update(`${typeof v}:${Object.is(v, -0) ? "-0" : String(v)};`);
  };
  feed(hash, value);
  return hash.digest("hex");
}

/** The result without its detail vectors and the warning about them. */
function figures(result: CalcResult) {
  return {
    ...result,
    warnings: result.warnings.filter((w) => !w.startsWith("Per-record detail")),
    activities: result.activities.map(({ amounts: _, ...a }) => a),
    step5: result.step5.map(({ inByParent: _i, sentByParent: _s, receivedByChild: _r, ...p }) => p),
    step6: result.step6.map(({ inByParent: _i, sentByParent: _s, receivedByChild: _r, ...p }) => p),
  };
}

describe("detail budget", () => {
  it("changes no figure, only which detail vectors are kept", () => {
    const model = generateModel("S", 11);
    const full = calculate(model);
    const none = calculate(model, { detailBudget: 0 });
    const some = calculate(model, { detailBudget: 150_000 });
    expect(full.activities.some((a) => a.amounts !== null)).toBe(true);
    expect(none.activities.every((a) => a.amounts === null)).toBe(true);
    expect(none.warnings.some((w) => w.startsWith("Per-record detail"))).toBe(true);
    expect(some.activities.some((a) => a.amounts !== null)).toBe(true);
    expect(some.activities.some((a) => a.amounts === null)).toBe(true);
    expect(digest(figures(none))).toBe(digest(figures(full)));
    expect(digest(figures(some))).toBe(digest(figures(full)));
  });

  it("keeps no vector over the record limit, leaving the budget to smaller dimensions", () => {
    const model = generateModel("S", 11);
    const full = calculate(model);
    const sizes = [...model.records.values()].map((r) => r.identifiers.length).sort((a, b) => a - b);
    const limit = sizes[Math.floor(sizes.length / 2)]!;
    const limited = calculate(model, { detailRecordLimit: limit });
    const lengthOf = (code: string) => model.records.get(code)?.identifiers.length ?? 0;
    const over = limited.activities.filter((a) => a.dimension && lengthOf(a.dimension) > limit);
    const under = limited.activities.filter((a) => a.dimension && lengthOf(a.dimension) <= limit);
    expect(over.length).toBeGreaterThan(0);
    expect(over.every((a) => a.amounts === null)).toBe(true);
    expect(under.some((a) => a.amounts !== null)).toBe(true);
    for (const p of limited.step5) {
      if (lengthOf(p.childDimension) > limit) expect(p.receivedByChild).toBeNull();
      if (lengthOf(p.parentDimension) > limit) expect(p.sentByParent).toBeNull();
    }
    // Left out by choice: no budget warning, and every figure the same.
    expect(limited.warnings.some((w) => w.startsWith("Per-record detail"))).toBe(false);
    expect(digest(figures(limited))).toBe(digest(figures(full)));
  });
});
