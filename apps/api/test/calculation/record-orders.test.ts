import { forgetRun } from "@costflow/db/repositories/run-read-cache";
import { fixtureBundle } from "@costflow/engine/test-support/shared-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUN_SETTINGS } from "../../src/modules/calculation/run-calculation.ts";
import { SortScratch, stableOrder } from "../../src/worker/record-order.ts";
import { as, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { allRows, type Call, importBundle, waitForRun } from "./helpers.ts";

// Record totals (dimension-results) sorted by a total are read by position from orderings stored
// with the run; without them, SQL sorts. Both must give the same pages, equal to a sort of every
// record done here (ties in dimension and record order; descending the exact reverse).

const BUNDLE = fixtureBundle("distribution");

describe("stableOrder", () => {
  it("sorts indexes by value like a stable comparison sort, negatives, zeros, ties and extremes", () => {
    const values = new Float64Array(5000);
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < values.length; i++) {
      const r = next();
      values[i] =
        r < 0.2
          ? 0
          : r < 0.25
            ? -0
            : r < 0.5
              ? Math.round((next() - 0.5) * 200)
              : r < 0.9
                ? (next() - 0.5) * 1e15
                : [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e-300, -1e-300, 0.1][i % 5]!;
    }
    const expected = [...values.keys()].sort((a, b) => values[a]! - values[b]! || a - b);
    expect([...stableOrder(values)]).toEqual(expected);
    expect([...stableOrder(new Float64Array(0))]).toEqual([]);
    expect([...stableOrder(Float64Array.of(3, 3, 3))]).toEqual([0, 1, 2]);
  });

  it("gives the same orders with working arrays kept from one sort to the next", () => {
    const scratch = new SortScratch();
    let seed = 5;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    // Sizes up and down, whole and fractional values: each sort finds the previous one's leftovers.
    for (const [n, whole] of [
      [30_000, true],
      [5_000, false],
      [40_000, false],
      [12_000, true],
    ] as const) {
      const values = Float64Array.from({ length: n }, () =>
        whole ? Math.floor(next() * 100_000) - 50_000 : (next() - 0.5) * 1e9,
      );
      const order = [...stableOrder(values, scratch)];
      expect(order).toEqual([...stableOrder(values)]);
      expect(order).toEqual([...values.keys()].sort((a, b) => values[a]! - values[b]! || a - b));
    }
  });

  it("sorts whole numbers (minor units) the same way, by their offsets when within 2^32", () => {
    let seed = 11;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const sorted = (values: Float64Array) =>
      [...values.keys()].sort((a, b) => values[a]! - values[b]! || a - b);
    // Spreads below, at and beyond 2^32 (the last two take the four-pass path), with negatives,
    // -0, many ties and values past 2^16 so both passes matter.
    for (const spread of [10, 70_000, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 40]) {
      const values = new Float64Array(20_000);
      for (let i = 0; i < values.length; i++) {
        const r = next();
        values[i] = r < 0.1 ? -0 : r < 0.3 ? 7 : Math.floor(next() * (spread + 1)) - Math.floor(spread / 2);
      }
      values[0] = -Math.floor(spread / 2);
      values[1] = spread - Math.floor(spread / 2);
      expect([...stableOrder(values)], `spread ${spread}`).toEqual(sorted(values));
    }
  });
});

describe("dimension-results sorted by a total", () => {
  let t: TestApp;
  let call: Call;
  let scenario: number;
  const saved = { ...RUN_SETTINGS };

  beforeAll(async () => {
    t = await startTestApp();
    const access = (await login(t.app, "admin@costflow.demo")).access;
    call = as(t.app, access);
    scenario = (await importBundle(t.app, access, BUNDLE)).scenario;
  });
  afterAll(async () => {
    Object.assign(RUN_SETTINGS, saved);
    await t?.close();
  });

  type RecordRow = {
    transaction_id: string;
    dimension: number;
    amount: number;
    cost: number;
    unallocated: number;
    profit: number | null;
  };

  async function calculateAll(settings: Partial<typeof RUN_SETTINGS>): Promise<number> {
    Object.assign(RUN_SETTINGS, settings);
    try {
      const response = await call("POST", "/calculation/calculate-all/", { scenario });
      const id = response.json().calculation_id;
      expect((await waitForRun(call, scenario, id)).status).toBe("FINISHED");
      return id;
    } finally {
      Object.assign(RUN_SETTINGS, saved);
    }
  }

  /** Every page of 3 rows of each (dimension, ordering), and the default list in pages of 4. */
  async function pages(dimensions: number[]): Promise<Record<string, RecordRow[]>> {
    const out: Record<string, RecordRow[]> = {};
    const read = async (query: string, limit: number) => {
      const rows: RecordRow[] = [];
      for (let offset = 0; ; offset += limit) {
        const response = await call(
          "GET",
          `/calculation/dimension-results/?scenario=${scenario}${query}&limit=${limit}&offset=${offset}`,
        );
        expect(response.statusCode, response.body).toBe(200);
        const page = response.json();
        rows.push(...page.results);
        if (!page.next) {
          expect(page.count).toBe(rows.length);
          return rows;
        }
      }
    };
    out.all = await read("", 4);
    out.allDescendingProfit = await read("&ordering=-profit", 5);
    for (const d of dimensions) {
      for (const field of ["amount", "cost", "unallocated", "profit", "transaction_id"]) {
        for (const ordering of [field, `-${field}`]) {
          out[`${d} ${ordering}`] = await read(`&dimension=${d}&ordering=${ordering}`, 3);
        }
      }
    }
    return out;
  }

  it("reads the same pages from the stored orderings as from SQL, equal to sorting every record", async () => {
    const stored = await calculateAll({ orderMinRecords: 0, orderBlock: 2 });
    const blocks = await t.database.executeSql(
      "select count(*)::int as n from result_vectors where calculation_id = $1 and step = 0 and kind like 'ORDER:%'",
      [stored],
    );
    expect(Number((blocks.rows[0] as { n: number }).n)).toBeGreaterThan(10);
    const every = await allRows<RecordRow>(call, `/calculation/dimension-results/?scenario=${scenario}`);
    const dimensions = [...new Set(every.map((r) => r.dimension))];
    expect(dimensions.length).toBeGreaterThan(1);
    // Profit at the currency's minor unit, like every figure (the P&L sums it in doubles).
    const profits = every.map((r) => r.profit).filter((p): p is number => p !== null);
    expect(profits.length).toBeGreaterThan(10);
    for (const p of profits) expect(p).toBe(Math.round(p * 100) / 100);
    const fromOrders = await pages(dimensions);
    // Each block's record numbers are packed, 4 bytes each, amounts empty.
    const packed = await t.database.executeSql(
      `select sum(length(bytes))::int as bytes, max(cardinality(amounts))::int as amounts from result_vectors
        where calculation_id = $1 and step = 0 and kind like 'ORDER:%'`,
      [stored],
    );
    const { bytes, amounts } = packed.rows[0] as { bytes: number; amounts: number };
    expect(amounts).toBe(0);
    // Three or four totals (profit with a P&L) of every record.
    expect(bytes % (4 * every.length)).toBe(0);
    expect(bytes / (4 * every.length)).toBeGreaterThanOrEqual(3);
    // A run made before (its record numbers in amounts, no bytes) reads the same pages.
    await t.database.executeSql(
      `update result_vectors set bytes = null, amounts = array(
          select (get_byte(bytes, 4 * i) << 24 | get_byte(bytes, 4 * i + 1) << 16
            | get_byte(bytes, 4 * i + 2) << 8 | get_byte(bytes, 4 * i + 3))::bigint
          from generate_series(0, length(bytes) / 4 - 1) as i order by i)
        where calculation_id = $1 and step = 0 and kind like 'ORDER:%'`,
      [stored],
    );
    const { rows: owner } = await t.database.executeSql("select company_id from calculations where id = $1", [
      stored,
    ]);
    forgetRun(t.database.db, { companyId: Number(owner[0]!.company_id), calculationId: stored });
    expect(await pages(dimensions)).toEqual(fromOrders);

    const sqlRun = await calculateAll({ orderMinRecords: 1e9 });
    const none = await t.database.executeSql(
      "select count(*)::int as n from result_vectors where calculation_id = $1 and step = 0",
      [sqlRun],
    );
    expect(Number((none.rows[0] as { n: number }).n)).toBe(0);
    const fromSql = await pages(dimensions);
    expect(fromOrders).toEqual(fromSql);

    // The default list: dimensions in id order, records in identifier order.
    const byIdentifier = (a: RecordRow, b: RecordRow) =>
      a.dimension - b.dimension || (a.transaction_id < b.transaction_id ? -1 : 1);
    expect(fromSql.all).toEqual([...every].sort(byIdentifier));
    for (const d of dimensions) {
      const rows = every.filter((r) => r.dimension === d).sort(byIdentifier);
      for (const field of ["amount", "cost", "unallocated", "profit"] as const) {
        const ascending = [...rows].sort((a, b) => (a[field] ?? 0) - (b[field] ?? 0));
        expect(fromOrders[`${d} ${field}`]).toEqual(ascending);
        expect(fromOrders[`${d} -${field}`]).toEqual([...ascending].reverse());
      }
      expect(fromOrders[`${d} transaction_id`]).toEqual(rows);
      expect(fromOrders[`${d} -transaction_id`]).toEqual([...rows].reverse());
    }
  });
});
