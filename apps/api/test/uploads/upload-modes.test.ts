import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, demoCompanyId, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { modelData, type Uploader, uploader } from "./upload-helpers.ts";

// Every mode on accounts, cost pools, account values, pool driver values and records, through
// the real API, queue and database: MERGE updates, APPEND refuses existing keys, REPLACE replaces,
// and a file with any error changes nothing.

const uploadDir = mkdtempSync(join(tmpdir(), "costflow-uploads-"));
process.env.UPLOAD_DIR = uploadDir;

let t: TestApp;
let u: Uploader;
let data: ReturnType<typeof modelData>;
let scenario: number;

beforeAll(async () => {
  t = await startTestApp();
  const access = (await login(t.app, "client@costflow.demo")).access;
  const call = as(t.app, access);
  const model = (await call("POST", "/models/", { name: "Upload modes" })).json();

  scenario = (await call("POST", "/model/scenarios/", { model: model.id, name: "Base" })).json().id;
  data = modelData(t.database, await demoCompanyId(t.database), model.id);
  u = uploader(t.app, access);
});
afterAll(async () => {
  await t?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

const csv = (...lines: string[]) => `${lines.join("\n")}\n`;

describe("accounts", () => {
  it("MERGE inserts new accounts and updates existing ones", async () => {
    await data.accounts([{ code: "6000", name: "Old name", expenseGroup: "Old group" }]);
    const done = await u.process(
      { scenario, kind: "ACCOUNTS", mode: "MERGE" },
      {
        name: "accounts.csv",
        content: csv("account_code,name,expense_group", "6000,Salaries,Personnel", "6100,Rent,Premises"),
      },
    );
    expect(done).toMatchObject({ status: "PROCESSED", rows_done: 2, rows_total: 2, progress: 1, errors: [] });
    expect(await data.accountRows()).toEqual([
      { code: "6000", name: "Salaries", expenseGroup: "Personnel" },
      { code: "6100", name: "Rent", expenseGroup: "Premises" },
    ]);
  });

  it("MERGE leaves the columns the file does not have as they are", async () => {
    const done = await u.process(
      { scenario, kind: "ACCOUNTS", mode: "MERGE" },
      { name: "accounts.csv", content: csv("account_code,name", "6100,Office rent") },
    );
    expect(done.status).toBe("PROCESSED");
    expect(await data.accountRows()).toEqual([
      { code: "6000", name: "Salaries", expenseGroup: "Personnel" },
      { code: "6100", name: "Office rent", expenseGroup: "Premises" },
    ]);
  });

  it("APPEND refuses a file with an existing account and writes none of its rows", async () => {
    const done = await u.process(
      { scenario, kind: "ACCOUNTS", mode: "APPEND" },
      { name: "accounts.csv", content: csv("account_code,name", "6200,Travel", "6000,Salaries again") },
    );
    expect(done.status).toBe("ERROR");
    expect(done.errors).toEqual([
      {
        line: 3,
        column: 1,
        field: "account_code",
        reason: "already_exists",
        message: '"6000" already exists; the Append mode only adds new rows',
      },
    ]);
    expect((await data.accountRows()).map((r) => r.code)).toEqual(["6000", "6100"]);

    const ok = await u.process(
      { scenario, kind: "ACCOUNTS", mode: "APPEND" },
      { name: "accounts.csv", content: csv("account_code,name", "6200,Travel") },
    );
    expect(ok.status).toBe("PROCESSED");
    expect((await data.accountRows()).map((r) => r.code)).toEqual(["6000", "6100", "6200"]);
  });

  it("REPLACE makes the file the model's whole chart of accounts", async () => {
    const done = await u.process(
      { scenario, kind: "ACCOUNTS", mode: "REPLACE" },
      {
        name: "accounts.csv",
        content: csv("account_code,name,expense_group", "6100,Rent,Premises", "7000,Energy,Utilities"),
      },
    );
    expect(done.status).toBe("PROCESSED");
    expect(await data.accountRows()).toEqual([
      { code: "6100", name: "Rent", expenseGroup: "Premises" },
      { code: "7000", name: "Energy", expenseGroup: "Utilities" },
    ]);
  });
});

describe("account values", () => {
  it("MERGE, APPEND and REPLACE on the scenario's amounts", async () => {
    const merged = await u.process(
      { scenario, kind: "ACCOUNT_VALUES", mode: "MERGE" },
      { name: "values.csv", content: csv("account_code,amount", "6100,1200.50", "7000,-30") },
    );
    expect(merged.status).toBe("PROCESSED");
    expect(await data.valueRows(scenario)).toEqual([
      { code: "6100", amount: "1200.50" },
      { code: "7000", amount: "-30" },
    ]);

    const updated = await u.process(
      { scenario, kind: "ACCOUNT_VALUES", mode: "MERGE" },
      { name: "values.csv", content: csv("account_code,amount", "7000,45.125") },
    );
    expect(updated.status).toBe("PROCESSED");
    expect(await data.valueRows(scenario)).toEqual([
      { code: "6100", amount: "1200.50" },
      { code: "7000", amount: "45.125" },
    ]);

    const appended = await u.process(
      { scenario, kind: "ACCOUNT_VALUES", mode: "APPEND" },
      { name: "values.csv", content: csv("account_code,amount", "6100,1") },
    );
    expect(appended.status).toBe("ERROR");
    expect(appended.errors[0]).toMatchObject({ line: 2, field: "account_code", reason: "already_exists" });

    const replaced = await u.process(
      { scenario, kind: "ACCOUNT_VALUES", mode: "REPLACE" },
      { name: "values.csv", content: csv("account_code,amount", "6100,99") },
    );
    expect(replaced.status).toBe("PROCESSED");
    expect(await data.valueRows(scenario)).toEqual([{ code: "6100", amount: "99" }]);
  });

  it("refuses unknown accounts, bad numbers and repeated accounts, all listed, nothing written", async () => {
    const before = await data.valueRows(scenario);
    const done = await u.process(
      { scenario, kind: "ACCOUNT_VALUES", mode: "MERGE" },
      {
        name: "values.csv",
        content: csv("account_code,amount", "6100,1 000", "9999,5", "7000,1e3", "7000,4", ",3", "6100,"),
      },
    );
    expect(done.status).toBe("ERROR");
    expect(
      done.errors.map((e: { line: number; column: number; reason: string }) => [e.line, e.column, e.reason]),
    ).toEqual([
      [2, 2, "invalid_number"],
      [3, 1, "unknown_account"],
      [5, 1, "duplicate_key"],
      [6, 1, "required"],
      [7, 1, "duplicate_key"],
      // An empty amount is an account without a value (docs/uploads.md), not an error.
    ]);
    expect(done.errors_count).toBe(5);
    expect(await data.valueRows(scenario)).toEqual(before);
  });
});

describe("cost pools and their driver values", () => {
  it("REPLACE refuses to drop a pool an activity still uses", async () => {
    const [pool] = await data.pools([{ code: "WH", name: "Warehouse", isDirect: false }]);
    await data.activity("PICK", pool!.id);
    const done = await u.process(
      { scenario, kind: "COST_POOLS", mode: "REPLACE" },
      { name: "pools.csv", content: csv("pool_code,name,is_direct", "ADM,Administration,FALSE") },
    );
    expect(done.status).toBe("ERROR");
    expect(done.errors).toEqual([
      expect.objectContaining({
        line: null,
        field: "pool_code",
        reason: "pool_in_use",
        message: expect.stringContaining("PICK"),
      }),
    ]);
    expect(await data.poolRows()).toEqual([{ code: "WH", name: "Warehouse", isDirect: false }]);

    const ok = await u.process(
      { scenario, kind: "COST_POOLS", mode: "REPLACE" },
      {
        name: "pools.csv",
        content: csv("pool_code,name,is_direct", "ADM,Administration,false", "WH,Main warehouse,true"),
      },
    );
    expect(ok.status).toBe("PROCESSED");
    expect(await data.poolRows()).toEqual([
      { code: "ADM", name: "Administration", isDirect: false },
      { code: "WH", name: "Main warehouse", isDirect: true },
    ]);
  });

  it("loads driver values by driver name and pool code", async () => {
    await data.poolDrivers(["Square metres", "Headcount"]);
    const done = await u.process(
      { scenario, kind: "POOL_DRIVER_VALUES", mode: "MERGE" },
      {
        name: "pool_driver_values.csv",
        content: csv(
          "driver_name,pool_code,value",
          "Square metres,WH,1200",
          "Headcount,WH,14",
          "Headcount,ADM,3",
        ),
      },
    );
    expect(done.status).toBe("PROCESSED");
    const bad = await u.process(
      { scenario, kind: "POOL_DRIVER_VALUES", mode: "APPEND" },
      {
        name: "pool_driver_values.csv",
        content: csv("driver_name,pool_code,value", "Headcount,WH,15", "Desks,XX,1"),
      },
    );
    expect(
      bad.errors.map((e: { line: number; field: string; reason: string }) => [e.line, e.field, e.reason]),
    ).toEqual([
      [2, "pool_code", "already_exists"],
      [3, "driver_name", "unknown_pool_driver"],
      [3, "pool_code", "unknown_pool"],
    ]);
    expect(await data.driverValueRows(scenario)).toEqual([
      { driver: "Headcount", pool: "ADM", value: "3" },
      { driver: "Headcount", pool: "WH", value: "14" },
      { driver: "Square metres", pool: "WH", value: "1200" },
    ]);
  });
});

describe("dimension records", () => {
  let customers: number;
  let orders: number;

  beforeAll(async () => {
    customers = (await data.dimension("CUSTOMER", [{ name: "segment", dataType: "TEXT" }])).id;
    orders = (
      await data.dimension("ORDER", [
        { name: "CUSTOMER_ID", dataType: "DIMENSION", targetDimensionId: customers },
        { name: "revenue", dataType: "DECI" },
        { name: "ordered_on", dataType: "DATE" },
        { name: "channel", dataType: "TEXT" },
      ])
    ).id;
  });

  it("MERGE updates the given drivers and keeps the others; APPEND refuses existing identifiers", async () => {
    const loaded = await u.process(
      { scenario, kind: "RECORDS", mode: "MERGE", dimension: customers },
      { name: "customers.csv", content: csv("identifier,segment", "C1,Retail", "C2,Wholesale") },
    );
    expect(loaded.status).toBe("PROCESSED");
    const first = await u.process(
      { scenario, kind: "RECORDS", mode: "APPEND", dimension: orders },
      {
        name: "orders.csv",
        content: csv(
          "identifier,CUSTOMER_ID,revenue,ordered_on,channel",
          "O1,C1,100.5,2025-01-31,web",
          "O2,C2,20,,",
        ),
      },
    );
    expect(first.status).toBe("PROCESSED");
    const merged = await u.process(
      { scenario, kind: "RECORDS", mode: "MERGE", dimension: orders },
      { name: "orders.csv", content: csv("identifier,revenue", "O2,25", "O3,7") },
    );
    expect(merged.status).toBe("PROCESSED");
    expect(await data.recordRows(scenario, orders)).toEqual([
      {
        identifier: "O1",
        fields: { CUSTOMER_ID: "C1", revenue: 100.5, ordered_on: "2025-01-31", channel: "web" },
      },
      { identifier: "O2", fields: { CUSTOMER_ID: "C2", revenue: 25, ordered_on: null, channel: null } },
      { identifier: "O3", fields: { revenue: 7 } },
    ]);

    const again = await u.process(
      { scenario, kind: "RECORDS", mode: "APPEND", dimension: orders },
      { name: "orders.csv", content: csv("identifier,revenue", "O4,1", "O1,2") },
    );
    expect(again.status).toBe("ERROR");
    expect(again.errors).toMatchObject([
      { line: 3, column: 1, field: "identifier", reason: "already_exists" },
    ]);
    expect(await data.recordRows(scenario, orders)).toHaveLength(3);
  });

  it("REPLACE replaces the dimension's records of the scenario only", async () => {
    const done = await u.process(
      { scenario, kind: "RECORDS", mode: "REPLACE", dimension: orders },
      { name: "orders.csv", content: csv("identifier,CUSTOMER_ID,revenue", "O9,C2,1.5") },
    );
    expect(done.status).toBe("PROCESSED");
    expect(await data.recordRows(scenario, orders)).toEqual([
      { identifier: "O9", fields: { CUSTOMER_ID: "C2", revenue: 1.5 } },
    ]);
    expect(await data.recordRows(scenario, customers)).toHaveLength(2);
  });

  it("lists every bad cell, unknown parent and repeated identifier, and writes nothing", async () => {
    const before = await data.recordRows(scenario, orders);
    const done = await u.process(
      { scenario, kind: "RECORDS", mode: "REPLACE", dimension: orders },
      {
        name: "orders.csv",
        content: csv(
          "identifier,CUSTOMER_ID,revenue,ordered_on",
          "O1,C1,12,2025-02-30",
          "O2,C7,1;5,2025-01-01",
          "O1,C2,3,",
        ),
      },
    );
    expect(done.status).toBe("ERROR");
    expect(
      done.errors.map((e: { line: number; field: string; reason: string }) => [e.line, e.field, e.reason]),
    ).toEqual([
      [2, "ordered_on", "invalid_date"],
      [3, "CUSTOMER_ID", "unknown_record"],
      [3, "revenue", "invalid_number"],
      [4, "identifier", "duplicate_key"],
    ]);
    expect(done.errors[1]).toEqual({
      line: 3,
      column: 2,
      field: "CUSTOMER_ID",
      reason: "unknown_record",
      message: 'Unknown record "C7" of dimension CUSTOMER',
    });
    expect(done.errors[3].message).toBe('"O1" appears more than once in the file (first on line 2)');
    expect(await data.recordRows(scenario, orders)).toEqual(before);
  });
});
