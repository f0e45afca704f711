// Roll-up detail (calc/roll-detail.ts, docs/calculation.md "Roll-up detail"): with a record
// limit, what each activity leaves on records past it is summed onto the records within it that
// they reach, for the record trace. Checked against the same sums taken from a run that keeps
// every detail vector (no limit), and it must change no other figure.

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateModel } from "../../src/bench/generate-model.ts";
import { calculate } from "../../src/calc/calculate.ts";
import type { CalcResult } from "../../src/calc/result-types.ts";
import type { ModelData } from "../../src/model/types.ts";
import { buildModel } from "./model-builder.ts";

/** Per activity and record of `dim`: step-4 amount + step-5 received - sent, from full detail. */
function restingByActivity(model: ModelData, full: CalcResult, dim: string): Map<string, Float64Array> {
  const n = model.records.get(dim)!.identifiers.length;
  const out = new Map<string, Float64Array>();
  const of = (code: string) => {
    let v = out.get(code);
    if (!v) {
      v = new Float64Array(n);
      out.set(code, v);
    }
    return v;
  };
  for (const a of full.activities) {
    if (a.dimension !== dim || a.allocated === 0) continue;
    expect(a.amounts, a.code).not.toBeNull();
    const v = of(a.code);
    a.amounts!.forEach((x, i) => {
      v[i] = v[i]! + x;
    });
  }
  for (const p of full.step5) {
    if (p.childDimension === dim && p.receivedByChild) {
      const v = of(p.source);
      p.receivedByChild.forEach((x, i) => {
        v[i] = v[i]! + x;
      });
    }
    if (p.parentDimension === dim && p.sentByParent) {
      const v = of(p.source);
      p.sentByParent.forEach((x, i) => {
        v[i] = v[i]! - x;
      });
    }
  }
  return out;
}

/** The records of `target` each record of `source` reaches through relationship columns (once each). */
function reach(model: ModelData, source: string, target: string): number[][] {
  const n = model.records.get(source)!.identifiers.length;
  const out: number[][] = [];
  for (let x = 0; x < n; x++) {
    const found = new Set<number>();
    const walk = (dim: string, row: number) => {
      for (const column of model.records.get(dim)!.relations.values()) {
        const y = column.index[row]!;
        if (y < 0) continue;
        if (column.target === target) found.add(y);
        walk(column.target, y);
      }
    };
    walk(source, x);
    out.push([...found]);
  }
  return out;
}

/** What the roll-up detail must hold, from a run with every detail vector kept. */
function expected(model: ModelData, full: CalcResult, kept: string, from: string[]) {
  const nKept = model.records.get(kept)!.identifiers.length;
  const byActivity = new Map<string, number[]>();
  const rows = from.map((x) => {
    const reached = reach(model, x, kept);
    const resting = new Array<number>(nKept).fill(0);
    const count = new Array<number>(nKept).fill(0);
    const rest = full.dimensions.get(x)!.restingCost;
    reached.forEach((ys, i) => {
      for (const y of ys) {
        resting[y] = resting[y]! + rest[i]!;
        count[y] = count[y]! + 1;
      }
    });
    for (const [code, v] of restingByActivity(model, full, x)) {
      const sums = byActivity.get(code) ?? new Array<number>(nKept).fill(0);
      reached.forEach((ys, i) => {
        for (const y of ys) sums[y] = sums[y]! + v[i]!;
      });
      byActivity.set(code, sums);
    }
    return { dimension: x, resting, count };
  });
  for (const [code, sums] of byActivity) if (sums.every((s) => s === 0)) byActivity.delete(code);
  return { byActivity, from: rows };
}

/** Digest of a value, typed arrays by their bytes (a deep toEqual of whole results is slow). */
function digest(value: unknown): string {
  const hash = createHash("sha256");
  const feed = (v: unknown): void => {
    if (ArrayBuffer.isView(v)) {
      hash.update(`${v.constructor.name}${v.byteLength}:`);
      hash.update(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    } else if (v instanceof Map) {
      hash.update("Map{");
      for (const [k, x] of v) {
        feed(k);
        feed(x);
      }
      hash.update("}");
    } else if (Array.isArray(v)) {
      hash.update(`[${v.length}`);
      for (const x of v) feed(x);
      hash.update("]");
    } else if (v !== null && typeof v === "object") {
      hash.update("{");
      for (const [k, x] of Object.entries(v)) {
        hash.update(k);
        feed(x);
      }
      hash.update("}");
    } else hash.update(`${typeof v}:${Object.is(v, -0) ? "-0" : String(v)};`);
  };
  feed(value);
  return hash.digest("hex");
}

const plain = (r: CalcResult["rolled"] extends Map<string, infer D> ? D : never) => ({
  byActivity: new Map([...r.byActivity].map(([k, v]) => [k, [...v]])),
  from: r.from.map((f) => ({ dimension: f.dimension, resting: [...f.resting], count: [...f.count] })),
});

/** For each kept record the activities add up exactly to what rests on its rolled descendants. */
function expectAddsUp(r: CalcResult["rolled"] extends Map<string, infer D> ? D : never) {
  const n = r.from[0]!.resting.length;
  for (let y = 0; y < n; y++) {
    let acts = 0;
    for (const v of r.byActivity.values()) acts += v[y]!;
    expect(acts).toBe(r.from.reduce((s, f) => s + f.resting[y]!, 0));
  }
}

describe("roll-up detail", () => {
  it("sums each activity's resting values past the limit onto customers and products", () => {
    const model = generateModel("S", 11);
    const full = calculate(model);
    const limit = 5000; // customers (1,000) and products (200) kept; orders and order lines not
    const limited = calculate(model, { detailRecordLimit: limit, rollUpDetail: true });
    expect([...limited.rolled.keys()].sort()).toEqual(["CUSTOMERS", "PRODUCTS"]);
    const customers = limited.rolled.get("CUSTOMERS")!;
    expect(customers.from.map((f) => f.dimension)).toEqual(["ORDERS", "ORDER_LINES"]);
    expect(customers.byActivity.size).toBeGreaterThan(0);
    expect(plain(customers)).toEqual(expected(model, full, "CUSTOMERS", ["ORDERS", "ORDER_LINES"]));
    const products = limited.rolled.get("PRODUCTS")!;
    expect(products.from.map((f) => f.dimension)).toEqual(["ORDER_LINES"]);
    expect(plain(products)).toEqual(expected(model, full, "PRODUCTS", ["ORDER_LINES"]));
    expectAddsUp(customers);
    expectAddsUp(products);
    // A customer's cost = its resting + what its orders and lines hold.
    const cust = limited.dimensions.get("CUSTOMERS")!;
    for (let y = 0; y < cust.cost.length; y++)
      expect(cust.cost[y]).toBe(cust.restingCost[y]! + customers.from.reduce((s, f) => s + f.resting[y]!, 0));
    // Nothing else changes: every other figure as without the roll-up detail.
    const without = calculate(model, { detailRecordLimit: limit });
    expect(without.rolled.size).toBe(0);
    expect(digest({ ...limited, rolled: null })).toBe(digest({ ...without, rolled: null }));
  });

  it("counts a record reaching a kept one by two paths once, and rolls up through a dimension past the limit", () => {
    // LINES -> ORDERS -> CUST and LINES -> CUST; a limit of 2 leaves CUST (2 records) kept and
    // ORDERS (3) and LINES (4) past it. ACC (100.00) split by qty over the lines: L1 1, L2 2,
    // L3 0, L4 3 of 6 -> 10000 * 1/6 = 1666.67 cents, 3333.33, 0, 5000: floors 1666, 3333, 0,
    // 5000 (9999), the missing cent to the largest remainder (L1's .67): 1667, 3333, 0, 5000.
    // C1 gets L1 + L2 = 5000 (each line once, though it reaches C1 both through its order and
    // directly), C2 gets L4 = 5000.
    // PSH (30.00) even over the customers, 1500 each, pushed to their orders evenly: O1 750,
    // O2 750, O3 1500; nothing rests on the customers. C1's orders hold 1500, C2's 1500.
    const spec = buildModel({
      accounts: [
        ["A", 100],
        ["B", 30],
      ],
      pools: [
        ["P", true],
        ["Q", true],
      ],
      activities: [
        ["ACC", "P", false],
        ["PSH", "Q", false],
      ],
      dimensions: [
        ["CUST", null],
        ["ORDERS", "CUST"],
        ["LINES", "ORDERS"],
      ],
      records: {
        CUST: [{ identifier: "C1" }, { identifier: "C2" }],
        ORDERS: [
          { identifier: "O1", CUST_ID: "C1" },
          { identifier: "O2", CUST_ID: "C1" },
          { identifier: "O3", CUST_ID: "C2" },
        ],
        LINES: [
          { identifier: "L1", ORDERS_ID: "O1", CUST_ID: "C1", qty: 1 },
          { identifier: "L2", ORDERS_ID: "O1", CUST_ID: "C1", qty: 2 },
          { identifier: "L3", ORDERS_ID: "O2", CUST_ID: "C1", qty: 0 },
          { identifier: "L4", ORDERS_ID: "O3", CUST_ID: "C2", qty: 3 },
        ],
      },
      step1: [
        ["A", "P", "PERCENTAGE", 100],
        ["B", "Q", "PERCENTAGE", 100],
      ],
      step3: [
        ["P", "ACC", 100, null],
        ["Q", "PSH", 100, null],
      ],
      step4: [
        ["ACC", "LINES", "DRIVER", "qty"],
        ["PSH", "CUST", "EVEN"],
      ],
      step5: [["PSH", "CUST", "ORDERS", "EVEN"]],
    });
    const full = calculate(spec);
    expect([...full.dimensions.get("LINES")!.restingCost]).toEqual([1667, 3333, 0, 5000]);
    expect([...full.dimensions.get("CUST")!.cost]).toEqual([6500, 6500]);
    const limited = calculate(spec, { detailRecordLimit: 2, rollUpDetail: true });
    const cust = limited.rolled.get("CUST")!;
    expect(plain(cust)).toEqual({
      byActivity: new Map([
        ["ACC", [5000, 5000]],
        ["PSH", [1500, 1500]],
      ]),
      from: [
        { dimension: "ORDERS", resting: [1500, 1500], count: [2, 1] },
        { dimension: "LINES", resting: [5000, 5000], count: [3, 1] },
      ],
    });
    expect(plain(cust)).toEqual(expected(spec, full, "CUST", ["ORDERS", "LINES"]));
    expectAddsUp(cust);
  });
});
