import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DataWorld,
  expectStatus,
  fieldErrors,
  modelWithScenario,
  startDataWorld,
} from "./data-helpers.ts";

let w: DataWorld;
beforeAll(async () => {
  w = await startDataWorld();
});
afterAll(async () => {
  await w?.t.close();
});

const sql = async (text: string, values: unknown[] = []) =>
  (await w.t.database.executeSql(text, values)).rows;
const driver = (dimension: number, name: string | undefined, data_type: string, extra: object = {}) =>
  expectStatus(w.analyst, "POST", "/dimension/drivers/", 201, { dimension, name, data_type, ...extra });

describe("dimensions", () => {
  it("create a hierarchy (children get <PARENT>_ID), read the page data and labels, change and delete", async () => {
    const { model, scenario } = await modelWithScenario(w.analyst, "Dimensions");
    const customers = await expectStatus(w.analyst, "POST", "/dimensions/", 201, {
      model,
      title: "Customers",
    });
    expect(customers).toEqual({
      id: expect.any(Number),
      model,
      pid: null,
      title: "Customers",
      code: "CUSTOMERS",
    });
    const orders = await expectStatus(w.analyst, "POST", "/dimensions/", 201, {
      model,
      title: "Orders",
      pid: customers.id,
    });
    const lines = await expectStatus(w.analyst, "POST", "/dimensions/", 201, {
      model,
      title: "Order lines",
      code: "LINES",
      pid: orders.id,
    });
    expect(lines).toMatchObject({ code: "LINES", pid: orders.id });
    await driver(customers.id, "Segment", "TEXT");
    await expectStatus(w.analyst, "POST", "/dimension/records/", 201, {
      scenario,
      dimension: customers.id,
      identifier: "C1",
      driverData: { Segment: "Retail" },
    });

    const page = await expectStatus(
      w.analyst,
      "GET",
      `/dimensions/get-dimensions-page-data/?model=${model}&scenario=${scenario}`,
      200,
    );
    expect(page.count).toBe(3);
    expect(page.dimensions).toHaveLength(1);
    const root = page.dimensions[0];
    expect(root).toMatchObject({ id: customers.id, title: "Customers", transactions: 1 });
    expect(root.drivers.map((d: { name: string }) => d.name)).toEqual(["Segment"]);
    expect(root.children[0]).toMatchObject({ id: orders.id, transactions: 0 });
    expect(root.children[0].drivers).toEqual([
      expect.objectContaining({
        name: "CUSTOMERS_ID",
        data_type: "DIMENSION",
        target_dimension: customers.id,
      }),
    ]);
    expect(root.children[0].children[0].drivers.map((d: { name: string }) => d.name)).toEqual(["ORDERS_ID"]);
    const withoutScenario = await expectStatus(
      w.analyst,
      "GET",
      `/dimensions/get-dimensions-page-data/?model=${model}`,
      200,
    );
    expect(withoutScenario.dimensions[0].transactions).toBeNull();

    const labels = await expectStatus(w.analyst, "GET", `/dimensions/get-labels/?model=${model}`, 200);
    expect(labels[0]).toEqual({
      id: customers.id,
      label: "Customers",
      code: "CUSTOMERS",
      columns: [{ id: expect.any(Number), name: "Segment", label: "Segment", data_type: "TEXT" }],
    });
    const list = await expectStatus(w.analyst, "GET", `/dimensions/?model=${model}&ordering=-title`, 200);
    expect(list.results.map((d: { title: string }) => d.title)).toEqual([
      "Orders",
      "Order lines",
      "Customers",
    ]);

    // A parent cannot be a descendant; a dimension cannot be its own parent.
    const cycle = await expectStatus(w.analyst, "PATCH", `/dimensions/${customers.id}/`, 400, {
      pid: lines.id,
    });
    expect(fieldErrors(cycle)).toEqual([["pid", "cycle"]]);
    expect(cycle.errors[0].message).toContain("CUSTOMERS → ORDERS → LINES");
    expect(
      fieldErrors(
        await expectStatus(w.analyst, "PATCH", `/dimensions/${orders.id}/`, 400, { pid: orders.id }),
      ),
    ).toEqual([["pid", "self_reference"]]);

    // A new code renames the relationship drivers that point at the dimension, in records too.
    await expectStatus(w.analyst, "POST", "/dimension/records/", 201, {
      scenario,
      dimension: orders.id,
      identifier: "O1",
      driverData: { CUSTOMERS_ID: "C1" },
    });
    const renamed = await expectStatus(w.analyst, "PATCH", `/dimensions/${customers.id}/`, 200, {
      code: "CLIENTS",
      title: "Clients",
    });
    expect(renamed).toMatchObject({ code: "CLIENTS", title: "Clients" });
    const orderDrivers = await expectStatus(
      w.analyst,
      "GET",
      `/dimension/drivers/?dimension=${orders.id}`,
      200,
    );
    expect(orderDrivers.results.map((d: { name: string }) => d.name)).toEqual(["CLIENTS_ID"]);
    const order = await expectStatus(
      w.analyst,
      "GET",
      `/dimension/records/?scenario=${scenario}&dimension=${orders.id}`,
      200,
    );
    expect(order.results[0].driverData).toEqual({ CLIENTS_ID: "C1" });
    const taken = await expectStatus(w.analyst, "PATCH", `/dimensions/${orders.id}/`, 409, {
      code: "CLIENTS",
    });
    expect(fieldErrors(taken)).toEqual([["code", "taken"]]);

    // pid 0 (the older client's "none") makes a root.
    expect(await expectStatus(w.analyst, "PATCH", `/dimensions/${lines.id}/`, 200, { pid: 0 })).toMatchObject(
      { pid: null },
    );
    // Deleting a parent leaves its children as roots.
    await expectStatus(w.analyst, "DELETE", `/dimensions/${customers.id}/`, 204);
    expect(await expectStatus(w.analyst, "GET", `/dimensions/${orders.id}/`, 200)).toMatchObject({
      pid: null,
    });
    await expectStatus(w.analyst, "GET", `/dimensions/${customers.id}/`, 404);
    expect(
      (await expectStatus(w.analyst, "GET", `/dimension/drivers/?dimension=${orders.id}`, 200)).count,
    ).toBe(0);
  });
});

describe("dimension drivers", () => {
  it("have four types; relationship drivers are named after their target; sort indexes follow them", async () => {
    const { model, scenario } = await modelWithScenario(w.analyst, "Drivers");
    const products = await expectStatus(w.analyst, "POST", "/dimensions/", 201, {
      model,
      title: "Products",
      code: "PROD",
    });
    const sales = await expectStatus(w.analyst, "POST", "/dimensions/", 201, { model, title: "Sales" });
    const qty = await driver(sales.id, "qty", "DECI", { label: "Quantity" });
    expect(qty).toEqual({
      id: expect.any(Number),
      dimension: sales.id,
      name: "qty",
      data_type: "DECI",
      label: "Quantity",
      target_dimension: null,
      is_pnl_line: false,
      position: 0,
    });
    await driver(sales.id, "day", "DATE");
    await driver(sales.id, "note", "TEXT");
    const rel = await driver(sales.id, undefined, "DIMENSION", { target_dimension: products.id });
    expect(rel).toMatchObject({ name: "PROD_ID", target_dimension: products.id, position: 3 });

    const wrongName = await expectStatus(w.analyst, "POST", "/dimension/drivers/", 400, {
      dimension: products.id,
      name: "SALES",
      data_type: "DIMENSION",
      target_dimension: sales.id,
    });
    expect(wrongName.errors).toEqual([
      { field: "name", reason: "relationship_name", message: "a relationship driver must be named SALES_ID" },
    ]);
    expect(
      fieldErrors(
        await expectStatus(w.analyst, "POST", "/dimension/drivers/", 400, {
          dimension: sales.id,
          data_type: "DIMENSION",
        }),
      ),
    ).toEqual([["target_dimension", "required"]]);
    expect(
      fieldErrors(
        await expectStatus(w.analyst, "POST", "/dimension/drivers/", 400, {
          dimension: sales.id,
          data_type: "DIMENSION",
          target_dimension: sales.id,
        }),
      ),
    ).toEqual([["target_dimension", "self_reference"]]);
    expect(
      fieldErrors(
        await expectStatus(w.analyst, "POST", "/dimension/drivers/", 400, {
          dimension: sales.id,
          name: "x",
          data_type: "NUMBER",
        }),
      ),
    ).toEqual([["data_type", "invalid_value"]]);
    expect(
      fieldErrors(
        await expectStatus(w.analyst, "POST", "/dimension/drivers/", 409, {
          dimension: sales.id,
          name: "qty",
        }),
      ),
    ).toEqual([["name", "taken"]]);

    const indexes = async () =>
      (
        (await sql(
          "select indexname from pg_indexes where tablename = 'dimension_records' and indexname like 'dimension_records_driver_%'",
        )) as {
          indexname: string;
        }[]
      )
        .map((r) => r.indexname)
        .sort();
    // Decimal, date and text drivers are sortable through their own index; relationships are not.
    expect(await indexes()).toHaveLength(3);
    expect(await indexes()).toContain(`dimension_records_driver_${qty.id}_idx`);

    await expectStatus(w.analyst, "POST", "/dimension/records/", 201, {
      scenario,
      dimension: products.id,
      identifier: "P1",
    });
    await expectStatus(w.analyst, "POST", "/dimension/records/", 201, {
      scenario,
      dimension: sales.id,
      identifier: "S1",
      driverData: { qty: 3, day: "2025-01-31", note: "first", PROD_ID: "P1" },
    });
    const renamed = await expectStatus(w.analyst, "PATCH", `/dimension/drivers/${qty.id}/`, 200, {
      name: "quantity",
      label: "",
    });
    expect(renamed).toMatchObject({ name: "quantity", label: "quantity" });
    expect(
      fieldErrors(
        await expectStatus(w.analyst, "PATCH", `/dimension/drivers/${rel.id}/`, 400, { name: "OTHER_ID" }),
      ),
    ).toEqual([["name", "relationship_name"]]);
    const records = await expectStatus(
      w.analyst,
      "GET",
      `/dimension/records/?scenario=${scenario}&dimension=${sales.id}`,
      200,
    );
    expect(records.results[0].driverData).toEqual({
      quantity: 3,
      day: "2025-01-31",
      note: "first",
      PROD_ID: "P1",
    });
    expect(await indexes()).toContain(`dimension_records_driver_${qty.id}_idx`);

    const strip = await expectStatus(
      w.analyst,
      "GET",
      `/transactional-data/drivers?dimension=${sales.id}&driver_type=decimal&limit=5`,
      200,
    );
    expect(strip).toEqual({ items: [expect.objectContaining({ name: "quantity" })], count: 1 });
    const all = await expectStatus(
      w.analyst,
      "GET",
      `/transactional-data/drivers?dimension=${sales.id}&ordering=-name&limit=2&offset=1`,
      200,
    );
    expect(all.count).toBe(4);
    expect(all.items.map((d: { name: string }) => d.name)).toEqual(["note", "day"]);
    expect(
      fieldErrors(
        await expectStatus(
          w.analyst,
          "GET",
          `/transactional-data/drivers?dimension=${sales.id}&driver_type=money`,
          400,
        ),
      ),
    ).toEqual([["driver_type", "invalid_value"]]);

    // Deleting one driver removes its values from the records, and its index.
    await expectStatus(w.analyst, "DELETE", `/dimension/drivers/${qty.id}/`, 204);
    expect(
      (
        await expectStatus(
          w.analyst,
          "GET",
          `/dimension/records/?scenario=${scenario}&dimension=${sales.id}`,
          200,
        )
      ).results[0].driverData,
    ).toEqual({ day: "2025-01-31", note: "first", PROD_ID: "P1" });
    expect(await indexes()).not.toContain(`dimension_records_driver_${qty.id}_idx`);
  });

  it("edit label and name; a rename that a formula reads is refused (409) and changes nothing", async () => {
    const { model, scenario } = await modelWithScenario(w.analyst, "Renames");
    const sales = await expectStatus(w.analyst, "POST", "/dimensions/", 201, { model, title: "Sales" });
    const qty = await driver(sales.id, "qty", "DECI");
    const price = await driver(sales.id, "price", "DECI");
    await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/", 201, {
      dimension: sales.id,
      name: "revenue",
      formula: "=qty * 2",
    });
    const labelled = await expectStatus(w.analyst, "PATCH", `/dimension/drivers/${qty.id}/`, 200, {
      label: "Quantity sold",
    });
    expect(labelled).toMatchObject({ name: "qty", label: "Quantity sold" });
    const refused = await expectStatus(w.analyst, "PATCH", `/dimension/drivers/${qty.id}/`, 409, {
      name: "units",
    });
    expect(refused).toMatchObject({
      code: "CONFLICT",
      errors: [{ field: "name", reason: "in_use", message: "still used by revenue" }],
    });
    expect((await expectStatus(w.analyst, "GET", `/dimension/drivers/${qty.id}/`, 200)).name).toBe("qty");
    // Nothing reads price: it can be renamed.
    expect(
      await expectStatus(w.analyst, "PATCH", `/dimension/drivers/${price.id}/`, 200, { name: "unit_price" }),
    ).toMatchObject({ name: "unit_price" });
    // A step-4 FORMULA rule reading it holds it too.
    const sell = await expectStatus(w.analyst, "POST", "/activities/", 201, {
      model,
      name: "Sell",
      code: "SELL",
    });
    await expectStatus(w.analyst, "POST", "/allocation/activity-allocations/", 201, {
      scenario,
      source: sell.id,
      destination: sales.id,
      splitType: "FORMULA",
      equation: "=unit_price * 2",
    });
    const held = await expectStatus(w.analyst, "PATCH", `/dimension/drivers/${price.id}/`, 409, {
      name: "p",
    });
    expect(held.errors).toMatchObject([{ field: "name", reason: "in_use", message: "still used by SELL" }]);
    expect(
      fieldErrors(
        await expectStatus(w.analyst, "PATCH", `/dimension/drivers/${price.id}/`, 400, { name: "a[b]" }),
      ),
    ).toEqual([["name", "invalid_format"]]);
    // Company B cannot change it.
    await expectStatus(w.stranger, "PATCH", `/dimension/drivers/${price.id}/`, 404, { label: "x" });
  });

  it("deleting a dimension's drivers needs confirmation and removes its _ID drivers and its transactions", async () => {
    const { model, scenario } = await modelWithScenario(w.analyst, "Drop drivers");
    const second = await expectStatus(w.analyst, "POST", "/model/scenarios/", 201, { model, name: "S2" });
    const parent = await expectStatus(w.analyst, "POST", "/dimensions/", 201, {
      model,
      title: "Parent",
      code: "PAR",
    });
    const child = await expectStatus(w.analyst, "POST", "/dimensions/", 201, {
      model,
      title: "Child",
      pid: parent.id,
    });
    await driver(child.id, "amount", "DECI");
    await expectStatus(w.analyst, "POST", "/dimension/records/", 201, {
      scenario,
      dimension: parent.id,
      identifier: "P",
    });
    await expectStatus(w.analyst, "POST", "/dimension/records/", 201, {
      scenario: second.id,
      dimension: parent.id,
      identifier: "P",
    });
    for (const s of [scenario, second.id]) {
      for (const id of ["a", "b"]) {
        await expectStatus(w.analyst, "POST", "/transactional-data/transactions", 201, {
          scenario: s,
          dimension: child.id,
          transaction_id: id,
          fields: { amount: 1, PAR_ID: "P" },
        });
      }
    }
    const unconfirmed = await expectStatus(
      w.analyst,
      "DELETE",
      `/dimension/drivers/?dimension=${child.id}`,
      400,
    );
    expect(fieldErrors(unconfirmed)).toEqual([["confirm", "confirm_required"]]);
    const result = await expectStatus(
      w.analyst,
      "DELETE",
      `/dimension/drivers/?dimension=${child.id}&confirm=true`,
      200,
    );
    expect(result).toEqual({ drivers: 2, relationship_drivers: 1, records: 4 });
    expect(
      (await expectStatus(w.analyst, "GET", `/dimension/drivers/?dimension=${child.id}`, 200)).count,
    ).toBe(0);
    for (const s of [scenario, second.id]) {
      const left = await expectStatus(
        w.analyst,
        "GET",
        `/transactional-data/transactions?scenario=${s}&dimension=${child.id}`,
        200,
      );
      expect(left).toEqual({ items: [], count: 0 });
    }
    // The parent's records stay.
    expect(
      (
        await expectStatus(
          w.analyst,
          "GET",
          `/dimension/records/?scenario=${scenario}&dimension=${parent.id}`,
          200,
        )
      ).count,
    ).toBe(1);
  });
});

describe("company B and company A's dimensions", () => {
  it("gets 404 on every dimension, driver and record call", async () => {
    const { model, scenario } = await modelWithScenario(w.analyst, "Secret dims");
    const dim = await expectStatus(w.analyst, "POST", "/dimensions/", 201, { model, title: "Secret" });
    const d = await driver(dim.id, "v", "DECI");
    const record = await expectStatus(w.analyst, "POST", "/dimension/records/", 201, {
      scenario,
      dimension: dim.id,
      identifier: "R1",
      driverData: { v: 1 },
    });
    const calls: [string, string, unknown?][] = [
      ["GET", `/dimensions/get-dimensions-page-data/?model=${model}`],
      ["GET", `/dimensions/get-labels/?model=${model}`],
      ["GET", `/dimensions/?model=${model}`],
      ["GET", `/dimensions/${dim.id}/`],
      ["POST", "/dimensions/", { model, title: "B" }],
      ["PATCH", `/dimensions/${dim.id}/`, { title: "B" }],
      ["DELETE", `/dimensions/${dim.id}/`],
      ["GET", `/dimension/drivers/?dimension=${dim.id}`],
      ["GET", `/dimension/drivers/${d.id}/`],
      ["POST", "/dimension/drivers/", { dimension: dim.id, name: "B" }],
      ["PATCH", `/dimension/drivers/${d.id}/`, { label: "B" }],
      ["DELETE", `/dimension/drivers/${d.id}/`],
      ["DELETE", `/dimension/drivers/?dimension=${dim.id}&confirm=true`],
      ["GET", `/transactional-data/drivers?dimension=${dim.id}`],
      ["GET", `/dimension/records/?scenario=${scenario}&dimension=${dim.id}`],
      ["GET", `/dimension/records/${record.id}/`],
      ["POST", "/dimension/records/", { scenario, dimension: dim.id, identifier: "B" }],
      ["PATCH", `/dimension/records/${record.id}/`, { driverData: { v: 2 } }],
      ["DELETE", `/dimension/records/${record.id}/`],
      ["GET", `/transactional-data/transactions?scenario=${scenario}&dimension=${dim.id}`],
      [
        "POST",
        "/transactional-data/transactions",
        { scenario, dimension: dim.id, transaction_id: "B", fields: {} },
      ],
      [
        "PATCH",
        "/transactional-data/transactions",
        { scenario, dimension: dim.id, transaction_id: "R1", fields: { v: 2 } },
      ],
      ["DELETE", `/transactional-data/transactions/${record.id}`],
    ];
    for (const [method, path, payload] of calls) {
      expect((await w.stranger(method as "GET", path, payload)).statusCode, `${method} ${path}`).toBe(404);
    }
    const still = await expectStatus(w.analyst, "GET", `/dimension/records/${record.id}/`, 200);
    expect(still.driverData).toEqual({ v: 1 });
  });
});
