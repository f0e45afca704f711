import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DataWorld,
  expectStatus,
  fieldErrors,
  firstRow,
  modelWithScenario,
  startDataWorld,
} from "./data-helpers.ts";

let w: DataWorld;
let scenario: number;
let customers: number;
let orders: number;

beforeAll(async () => {
  w = await startDataWorld();
  const ids = await modelWithScenario(w.analyst, "Records");
  scenario = ids.scenario;
  customers = (
    await expectStatus(w.analyst, "POST", "/dimensions/", 201, {
      model: ids.model,
      title: "Customers",
      code: "CUST",
    })
  ).id;
  orders = (
    await expectStatus(w.analyst, "POST", "/dimensions/", 201, {
      model: ids.model,
      title: "Orders",
      pid: customers,
    })
  ).id;
  for (const [name, data_type] of [
    ["price", "DECI"],
    ["shipped", "DATE"],
    ["channel", "TEXT"],
  ]) {
    await expectStatus(w.analyst, "POST", "/dimension/drivers/", 201, { dimension: orders, name, data_type });
  }
  for (const id of ["C1", "C2"]) {
    await expectStatus(w.analyst, "POST", "/dimension/records/", 201, {
      scenario,
      dimension: customers,
      identifier: id,
    });
  }
});
afterAll(async () => {
  await w?.t.close();
});

const ids = (body: { results?: { identifier: string }[]; items?: { transaction_id: string }[] }) =>
  body.results ? body.results.map((r) => r.identifier) : body.items!.map((r) => r.transaction_id);

describe("transactions and records (one store)", () => {
  it("create and change transactions with their fields checked against the drivers", async () => {
    const created = await expectStatus(w.analyst, "POST", "/transactional-data/transactions", 201, {
      transaction_id: "T-001",
      fields: { price: "12.50", shipped: "2025-02-28", channel: "web", CUST_ID: "C1" },
      dimension: orders,
      scenario,
    });
    expect(created).toEqual({
      id: expect.any(Number),
      transaction_id: "T-001",
      fields: { price: 12.5, shipped: "2025-02-28", channel: "web", CUST_ID: "C1" },
      dimension: orders,
      scenario,
    });
    const bad = await w.analyst("POST", "/transactional-data/transactions", {
      transaction_id: "T-002",
      fields: { price: "12,50", shipped: "2025-02-30", colour: "red", CUST_ID: "C9" },
      dimension: orders,
      scenario,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: "fields.price", reason: "invalid_number", message: "enter a number" },
      { field: "fields.shipped", reason: "invalid_date", message: "enter a valid date (YYYY-MM-DD)" },
      {
        field: "fields.colour",
        reason: "unknown_driver",
        message: "this dimension has no driver of this name",
      },
      {
        field: "fields.CUST_ID",
        reason: "parent_not_found",
        message: "no record C9 in the parent dimension",
      },
    ]);
    const duplicate = await expectStatus(w.analyst, "POST", "/transactional-data/transactions", 409, {
      transaction_id: "T-001",
      fields: {},
      dimension: orders,
      scenario,
    });
    expect(fieldErrors(duplicate)).toEqual([["transaction_id", "taken"]]);
    const missing = await expectStatus(w.analyst, "POST", "/transactional-data/transactions", 400, {
      fields: {},
      dimension: orders,
      scenario,
    });
    expect(fieldErrors(missing)).toEqual([["transaction_id", "required"]]);

    const patched = await expectStatus(w.analyst, "PATCH", "/transactional-data/transactions", 200, {
      transaction_id: "T-001",
      fields: { price: 15, channel: null },
      dimension: orders,
      scenario,
    });
    expect(patched.fields).toEqual({ price: 15, shipped: "2025-02-28", CUST_ID: "C1" });
    await expectStatus(w.analyst, "PATCH", "/transactional-data/transactions", 404, {
      transaction_id: "nope",
      fields: {},
      dimension: orders,
      scenario,
    });

    // The record API sees the same row, as driverData.
    const record = await expectStatus(w.analyst, "GET", `/dimension/records/${created.id}/`, 200);
    expect(record).toEqual({
      id: created.id,
      identifier: "T-001",
      scenario,
      dimension: orders,
      driverData: { price: 15, shipped: "2025-02-28", CUST_ID: "C1" },
    });
    const recordBad = await expectStatus(w.analyst, "PATCH", `/dimension/records/${created.id}/`, 400, {
      driverData: { price: "cheap" },
    });
    expect(fieldErrors(recordBad)).toEqual([["driverData.price", "invalid_number"]]);
    const recordOk = await expectStatus(w.analyst, "PATCH", `/dimension/records/${created.id}/`, 200, {
      driverData: { CUST_ID: "C2", channel: "shop" },
    });
    expect(recordOk.driverData).toEqual({ price: 15, shipped: "2025-02-28", CUST_ID: "C2", channel: "shop" });
    await expectStatus(w.analyst, "DELETE", `/transactional-data/transactions/${created.id}`, 204);
    await expectStatus(w.analyst, "GET", `/dimension/records/${created.id}/`, 404);
  });

  it("renaming a parent record carries the new identifier into its children", async () => {
    const parent = await expectStatus(w.analyst, "POST", "/dimension/records/", 201, {
      scenario,
      dimension: customers,
      identifier: "OLD",
    });
    const child = await expectStatus(w.analyst, "POST", "/dimension/records/", 201, {
      scenario,
      dimension: orders,
      identifier: "CHILD",
      driverData: { CUST_ID: "OLD" },
    });
    await expectStatus(w.analyst, "PATCH", `/dimension/records/${parent.id}/`, 200, { identifier: "NEW" });
    expect((await expectStatus(w.analyst, "GET", `/dimension/records/${child.id}/`, 200)).driverData).toEqual(
      { CUST_ID: "NEW" },
    );
    const clash = await expectStatus(w.analyst, "PATCH", `/dimension/records/${parent.id}/`, 409, {
      identifier: "C1",
    });
    expect(fieldErrors(clash)).toEqual([["identifier", "taken"]]);
    await expectStatus(w.analyst, "DELETE", `/dimension/records/${child.id}/`, 204);
    await expectStatus(w.analyst, "DELETE", `/dimension/records/${parent.id}/`, 204);
  });

  it("list pages sorted by identifier or any driver, searched by identifier prefix, both envelopes", async () => {
    const rows = [
      ["A-3", 30, "2025-01-03", "web"],
      ["A-1", 10, "2025-01-01", "shop"],
      ["B-2", 20, null, "web"],
      ["A-2", null, "2025-01-02", null],
    ] as const;
    for (const [id, price, shipped, channel] of rows) {
      await expectStatus(w.analyst, "POST", "/dimension/records/", 201, {
        scenario,
        dimension: orders,
        identifier: id,
        driverData: { price, shipped, channel },
      });
    }
    const base = `/dimension/records/?scenario=${scenario}&dimension=${orders}`;
    expect(ids(await expectStatus(w.analyst, "GET", base, 200))).toEqual(["A-1", "A-2", "A-3", "B-2"]);
    expect(ids(await expectStatus(w.analyst, "GET", `${base}&ordering=-identifier`, 200))).toEqual([
      "B-2",
      "A-3",
      "A-2",
      "A-1",
    ]);
    // Missing values sort last ascending, first descending.
    expect(ids(await expectStatus(w.analyst, "GET", `${base}&ordering=price`, 200))).toEqual([
      "A-1",
      "B-2",
      "A-3",
      "A-2",
    ]);
    expect(ids(await expectStatus(w.analyst, "GET", `${base}&ordering=-price`, 200))).toEqual([
      "A-2",
      "A-3",
      "B-2",
      "A-1",
    ]);
    expect(ids(await expectStatus(w.analyst, "GET", `${base}&ordering=-shipped`, 200))).toEqual([
      "B-2",
      "A-3",
      "A-2",
      "A-1",
    ]);
    expect(ids(await expectStatus(w.analyst, "GET", `${base}&ordering=channel`, 200))).toEqual([
      "A-1",
      "A-3",
      "B-2",
      "A-2",
    ]);
    const searched = await expectStatus(w.analyst, "GET", `${base}&search=a-&ordering=-price&limit=2`, 200);
    expect(searched.count).toBe(3);
    expect(ids(searched)).toEqual(["A-2", "A-3"]);
    expect(searched.next).toContain("offset=2");
    expect(fieldErrors(await expectStatus(w.analyst, "GET", `${base}&ordering=colour`, 400))).toEqual([
      ["ordering", "invalid_value"],
    ]);
    expect(fieldErrors(await expectStatus(w.analyst, "GET", `${base}&offset=-1`, 400))).toEqual([
      ["offset", "too_small"],
    ]);

    const tx = await expectStatus(
      w.analyst,
      "GET",
      `/transactional-data/transactions?scenario=${scenario}&dimension=${orders}&ordering=-transaction_id&limit=3&offset=1`,
      200,
    );
    expect(tx.count).toBe(4);
    expect(ids(tx)).toEqual(["A-3", "A-2", "A-1"]);
    const term = await expectStatus(
      w.analyst,
      "GET",
      `/transactional-data/transactions?scenario=${scenario}&dimension=${orders}&searchTerm=B`,
      200,
    );
    expect(term).toEqual({
      items: [expect.objectContaining({ transaction_id: "B-2", fields: { price: 20, channel: "web" } })],
      count: 1,
    });
    // A search with LIKE wildcards matches them literally.
    expect(
      (
        await expectStatus(
          w.analyst,
          "GET",
          `/transactional-data/transactions?scenario=${scenario}&dimension=${orders}&searchTerm=%25`,
          200,
        )
      ).count,
    ).toBe(0);
  });

  it("deep pages (read backwards from the end) match the forward order", async () => {
    const { model, scenario: s } = await modelWithScenario(w.analyst, "Deep pages");
    const dim = (await expectStatus(w.analyst, "POST", "/dimensions/", 201, { model, title: "Lines" })).id;
    await expectStatus(w.analyst, "POST", "/dimension/drivers/", 201, {
      dimension: dim,
      name: "w",
      data_type: "DECI",
    });
    const { company_id: company } = await firstRow<{ company_id: number }>(
      w,
      "select company_id from dimensions where id = $1",
      [dim],
    );
    // 2,500 records; w repeats (ties are broken by id) and is missing on every 7th.
    await w.t.database.executeSql(
      `insert into dimension_records (company_id, scenario_id, dimension_id, identifier, fields)
       select $1, $2, $3, 'L' || lpad(g::text, 5, '0'),
              case when g % 7 = 0 then '{}'::jsonb else jsonb_build_object('w', (g * 37) % 100) end
       from generate_series(1, 2500) g`,
      [company, s, dim],
    );
    const all = (
      await w.t.database.executeSql(
        "select identifier, fields from dimension_records where dimension_id = $1 order by id",
        [dim],
      )
    ).rows as { identifier: string; fields: { w?: number } }[];
    const byW = [...all]
      .map((r, i) => ({ ...r, id: i }))
      .sort((a, b) => {
        const [x, y] = [a.fields.w, b.fields.w];
        if (x === undefined || y === undefined) return x === y ? a.id - b.id : x === undefined ? 1 : -1;
        return x - y || a.id - b.id;
      })
      .map((r) => r.identifier);
    const byIdentifier = all.map((r) => r.identifier).sort();
    const base = `/dimension/records/?scenario=${s}&dimension=${dim}&limit=10`;
    for (const offset of [0, 1200, 1995, 2490, 2495]) {
      expect(ids(await expectStatus(w.analyst, "GET", `${base}&ordering=w&offset=${offset}`, 200))).toEqual(
        byW.slice(offset, offset + 10),
      );
      expect(ids(await expectStatus(w.analyst, "GET", `${base}&ordering=-w&offset=${offset}`, 200))).toEqual(
        [...byW].reverse().slice(offset, offset + 10),
      );
      expect(ids(await expectStatus(w.analyst, "GET", `${base}&offset=${offset}`, 200))).toEqual(
        byIdentifier.slice(offset, offset + 10),
      );
    }
    const past = await expectStatus(w.analyst, "GET", `${base}&offset=2500`, 200);
    expect(past).toMatchObject({ count: 2500, results: [] });
  });
});
