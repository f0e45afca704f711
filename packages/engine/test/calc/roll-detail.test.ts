// Roll-up detail (calc/roll-detail.ts, docs/calculation.md "Roll-up detail"): with a record
// limit, what each activity leaves on records past it is summed onto the records within it that
// they reach, for the record trace. Checked against the same sums taken from a run that keeps
// every detail vector (no limit), and it must change no other figure.

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateDenseModel } from "../../src/bench/generate-dense-model.ts";
import { generateModel } from "../../src/bench/generate-model.ts";
import { calculate } from "../../src/calc/calculate.ts";
import { CalcContext } from "../../src/calc/context.ts";
import { Relations } from "../../src/calc/relations.ts";
import type { CalcResult } from "../../src/calc/result-types.ts";
import { RollDetail } from "../../src/calc/roll-detail.ts";
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

  it("rolls up dense pushes into rolled dimensions (straight into the totals) exactly as from full detail", () => {
    // Dense S: 19 pushes orders -> order lines, 4 products -> order lines, 13 customers -> orders.
    // At a limit of 5,000 customers (2,000) and products (500) are kept: a push orders -> lines
    // rolls up to the customers from what the orders sent, and to the products child by child in
    // the kernel; customers -> orders (no later push) from what each customer sent (identity). At
    // 1,000 the customers are rolled too (only products kept).
    const model = generateDenseModel("S", 3);
    const full = calculate(model);
    for (const limit of [5000, 1000]) {
      const limited = calculate(model, { detailRecordLimit: limit, rollUpDetail: true });
      expect(limited.rolled.size).toBeGreaterThan(0);
      for (const [kept, r] of limited.rolled) {
        const from = r.from.map((f) => f.dimension);
        expect(r.byActivity.size, `${kept} at ${limit}`).toBeGreaterThan(0);
        expect(plain(r), `${kept} at ${limit}`).toEqual(expected(model, full, kept, from));
        expectAddsUp(r);
      }
      const without = calculate(model, { detailRecordLimit: limit });
      expect(digest({ ...limited, rolled: null })).toBe(digest({ ...without, rolled: null }));
    }
  });

  describe("a push into a rolled dimension", () => {
    // CUST (2) -> ORDERS (3) -> LINES (4); LINES also name CUST and PROD (2). At a limit of 2,
    // CUST and PROD are kept, ORDERS and LINES rolled.
    // PSH (30.00) even over the customers, 1500 each; pushed CUST -> ORDERS evenly (O1 750, O2 750,
    // O3 1500), then ORDERS -> LINES by qty: O1 750 over L1 (1) and L2 (2): 250 and 500; O2's only
    // line has qty 0, so its 750 stays on O2 (unallocated); O3 -> L4 1500.
    // ID2 (10.00) even over the customers, 500 each; pushed CUST -> ORDERS only: 250, 250, 500.
    const lineCustomers = (l2: string) => ({
      CUST: [{ identifier: "C1" }, { identifier: "C2" }],
      PROD: [{ identifier: "P1" }, { identifier: "P2" }],
      ORDERS: [
        { identifier: "O1", CUST_ID: "C1" },
        { identifier: "O2", CUST_ID: "C1" },
        { identifier: "O3", CUST_ID: "C2" },
      ],
      LINES: [
        { identifier: "L1", ORDERS_ID: "O1", CUST_ID: "C1", PROD_ID: "P1", qty: 1 },
        { identifier: "L2", ORDERS_ID: "O1", CUST_ID: l2, PROD_ID: "P2", qty: 2 },
        { identifier: "L3", ORDERS_ID: "O2", CUST_ID: "C1", PROD_ID: "P1", qty: 0 },
        { identifier: "L4", ORDERS_ID: "O3", CUST_ID: "C2", PROD_ID: "P2", qty: 3 },
      ],
    });
    const model = (l2: string) =>
      buildModel({
        accounts: [
          ["A", 30],
          ["B", 10],
        ],
        pools: [
          ["P", true],
          ["Q", true],
        ],
        activities: [
          ["PSH", "P", false],
          ["ID2", "Q", false],
        ],
        dimensions: [
          ["CUST", null],
          ["PROD", null],
          ["ORDERS", "CUST"],
          ["LINES", "ORDERS"],
        ],
        records: lineCustomers(l2),
        step1: [
          ["A", "P", "PERCENTAGE", 100],
          ["B", "Q", "PERCENTAGE", 100],
        ],
        step3: [
          ["P", "PSH", 100, null],
          ["Q", "ID2", 100, null],
        ],
        step4: [
          ["PSH", "CUST", "EVEN"],
          ["ID2", "CUST", "EVEN"],
        ],
        step5: [
          ["PSH", "CUST", "ORDERS", "EVEN"],
          ["PSH", "ORDERS", "LINES", "DRIVER:qty"],
          ["ID2", "CUST", "ORDERS", "EVEN"],
        ],
      });
    const decisions = (spec: ModelData) => {
      const ctx = new CalcContext(spec, 2, { detailRecordLimit: 2, rollUpDetail: true });
      const relations = new Relations(ctx);
      const roll = new RollDetail(ctx, relations);
      const of = (parent: string, child: string) => {
        const children = relations.children(parent, child, "test");
        const inOrder = children.ids.every((id, j) => id === j);
        const r = roll.pushRoll(parent, child, children, inOrder)!;
        return {
          sent: r.sent,
          received: r.received,
          fused: r.fusable?.target.dimension ?? null,
          targets: r.targets.map((t) => [
            t.target.dimension,
            t.identity ? "identity" : t.parentMaps ? "parents" : "children",
          ]),
        };
      };
      return { linesFromOrders: of("ORDERS", "LINES"), ordersFromCustomers: of("CUST", "ORDERS") };
    };

    it("rolls up to a kept record from what its parents sent when every child reaches what its parent does", () => {
      const spec = model("C1");
      expect(decisions(spec)).toEqual({
        // Each line reaches, by its order and by its own CUST_ID, its order's customer: from the
        // orders; the products child by child (`received`), by the kernel itself since it is the
        // only such target and has one path (`fused`).
        linesFromOrders: {
          sent: true,
          received: true,
          fused: "PROD",
          targets: [
            ["CUST", "parents"],
            ["PROD", "children"],
          ],
        },
        ordersFromCustomers: { sent: true, received: false, fused: null, targets: [["CUST", "identity"]] },
      });
      const full = calculate(spec);
      const limited = calculate(spec, { detailRecordLimit: 2, rollUpDetail: true });
      // C1: O2 keeps 750, L1 250, L2 500 (1500); C2: L4 1500. P1: L1 250 (L3 0); P2: L2 500 + L4 1500.
      // ID2 rests on the orders: C1 250 + 250, C2 500.
      const cust = limited.rolled.get("CUST")!;
      expect(new Map([...cust.byActivity].map(([k, v]) => [k, [...v]]))).toEqual(
        new Map([
          ["ID2", [500, 500]],
          ["PSH", [1500, 1500]],
        ]),
      );
      expect([...limited.rolled.get("PROD")!.byActivity.get("PSH")!]).toEqual([250, 2000]);
      expect(plain(cust)).toEqual(expected(spec, full, "CUST", ["ORDERS", "LINES"]));
      expect(plain(limited.rolled.get("PROD")!)).toEqual(expected(spec, full, "PROD", ["LINES"]));
    });

    it("rolls up child by child where a child reaches another record than its parent", () => {
      // L2 names C2, though its order is C1's: it reaches both, and counts for both.
      const spec = model("C2");
      expect(decisions(spec).linesFromOrders).toEqual({
        sent: false,
        received: true,
        fused: null,
        targets: [
          ["CUST", "children"],
          ["PROD", "children"],
        ],
      });
      const full = calculate(spec);
      const limited = calculate(spec, { detailRecordLimit: 2, rollUpDetail: true });
      // C1: O2 750 + L1 250 + L2 500; C2: L2 500 + L4 1500.
      expect([...limited.rolled.get("CUST")!.byActivity.get("PSH")!]).toEqual([1500, 2000]);
      expect([...limited.rolled.get("PROD")!.byActivity.get("PSH")!]).toEqual([250, 2000]);
      expect(plain(limited.rolled.get("CUST")!)).toEqual(expected(spec, full, "CUST", ["ORDERS", "LINES"]));
      expect(plain(limited.rolled.get("PROD")!)).toEqual(expected(spec, full, "PROD", ["LINES"]));
    });
  });
});
