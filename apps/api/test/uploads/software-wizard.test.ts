import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, demoCompanyId, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { expectError, modelData, type Uploader, uploader } from "./upload-helpers.ts";

// The software wizard's description of the files (docStructure) and its CSV templates.

let t: TestApp;
let u: Uploader;
let model: number;
let orders: number;
let customers: number;

beforeAll(async () => {
  t = await startTestApp();
  const access = (await login(t.app, "client@costflow.demo")).access;
  const call = as(t.app, access);
  u = uploader(t.app, access);
  model = (await call("POST", "/models/", { name: "Wizard" })).json().id;
  const data = modelData(t.database, await demoCompanyId(t.database), model);
  await data.accounts([{ code: "6000", name: "Salaries", expenseGroup: "Personnel" }]);
  customers = (await data.dimension("CUSTOMER", [{ name: "segment", dataType: "TEXT" }])).id;
  orders = (
    await data.dimension("ORDER", [
      { name: "CUSTOMER_ID", dataType: "DIMENSION", targetDimensionId: customers },
      { name: "revenue", dataType: "DECI" },
      { name: "ordered_on", dataType: "DATE" },
      { name: "note, free", dataType: "TEXT" },
    ])
  ).id;
});
afterAll(async () => {
  await t?.close();
});

describe("GET software/doc-structure/", () => {
  it("describes every kind of file, and one records file per dimension with its drivers", async () => {
    const response = await u.get(`/software/doc-structure/?model=${model}`);
    expect(response.statusCode, response.body).toBe(200);
    const doc = response.json();
    expect(doc).toMatchObject({
      model,
      formats: [".csv", ".xlsx"],
      separators: [",", ";"],
      modes: ["MERGE", "APPEND", "REPLACE"],
      max_bytes: 50 * 1024 * 1024,
    });
    const byName = Object.fromEntries(doc.files.map((f: { file_name: string }) => [f.file_name, f]));
    expect(Object.keys(byName)).toEqual([
      "accounts.csv",
      "account_values.csv",
      "cost_pools.csv",
      "pool_driver_values.csv",
      "records/CUSTOMER.csv",
      "records/ORDER.csv",
    ]);
    expect(byName["accounts.csv"]).toEqual({
      kind: "ACCOUNTS",
      file_name: "accounts.csv",
      dimension: null,
      key: ["account_code"],
      columns: [
        { name: "account_code", type: "CODE", required: true, references: null, dimension: null },
        { name: "name", type: "TEXT", required: false, references: null, dimension: null },
        { name: "expense_group", type: "TEXT", required: false, references: null, dimension: null },
      ],
      example: ["6000", "Salaries", "Personnel"],
    });
    expect(byName["pool_driver_values.csv"].key).toEqual(["driver_name", "pool_code"]);
    const order = byName["records/ORDER.csv"];
    expect(order.dimension).toEqual({ id: orders, code: "ORDER", name: "ORDER" });
    expect(
      order.columns.map((c: { name: string; type: string; dimension: string | null }) => [
        c.name,
        c.type,
        c.dimension,
      ]),
    ).toEqual([
      ["identifier", "CODE", null],
      ["CUSTOMER_ID", "REFERENCE", "CUSTOMER"],
      ["revenue", "DECIMAL", null],
      ["ordered_on", "DATE", null],
      ["note, free", "TEXT", null],
    ]);
    expect(order.example).toEqual(["ORDER-001", "CUSTOMER-001", "12.5", "2025-01-31", "Example"]);
  });

  it("gives the example texts in the request's language", async () => {
    const doc = (await u.get(`/software/doc-structure/?model=${model}`, { "accept-language": "pt" })).json();
    const pools = doc.files.find((f: { kind: string }) => f.kind === "COST_POOLS");
    expect(pools.example).toEqual(["P100", "Armazém", "true"]);
  });

  it("needs a model of the company", async () => {
    expectError(await u.get("/software/doc-structure/"), 400, "VALIDATION_ERROR", "model");
    expectError(await u.get("/software/doc-structure/?model=999999"), 404, "NOT_FOUND", "model");
  });
});

describe("GET software/templates/{kind}/", () => {
  it("is a CSV header line per kind, quoted where needed, that uploads cleanly", async () => {
    const accounts = await u.get(`/software/templates/ACCOUNTS/?model=${model}`);
    expect(accounts.statusCode).toBe(200);
    expect(accounts.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(accounts.headers["content-disposition"]).toContain('filename="accounts.csv"');
    expect(accounts.body).toBe("\uFEFFaccount_code,name,expense_group\r\n");

    const records = await u.get(`/software/templates/RECORDS/?model=${model}&dimension=${orders}`);
    expect(records.body).toBe('\uFEFFidentifier,CUSTOMER_ID,revenue,ordered_on,"note, free"\r\n');
    expect(records.headers["content-disposition"]).toContain('filename="ORDER.csv"');

    const call = as(t.app, (await login(t.app, "client@costflow.demo")).access);
    const scenario = (await call("POST", "/model/scenarios/", { model, name: "Template check" })).json().id;
    const done = await u.process(
      { scenario, kind: "RECORDS", mode: "MERGE", dimension: customers },
      {
        name: "CUSTOMER.csv",
        content: `${(await u.get(`/software/templates/RECORDS/?model=${model}&dimension=${customers}`)).body}C1,Retail\r\n`,
      },
    );
    expect(done).toMatchObject({ status: "PROCESSED", rows_done: 1 });
  });

  it("refuses unknown kinds, a records template without its dimension, and a dimension elsewhere", async () => {
    expectError(await u.get(`/software/templates/LEDGER/?model=${model}`), 400, "VALIDATION_ERROR", "kind");
    expectError(
      await u.get(`/software/templates/RECORDS/?model=${model}`),
      400,
      "VALIDATION_ERROR",
      "dimension",
    );
    expectError(
      await u.get(`/software/templates/RECORDS/?model=${model}&dimension=999999`),
      404,
      "NOT_FOUND",
      "dimension",
    );
    expectError(
      await u.get(`/software/templates/ACCOUNTS/?model=${model}&dimension=${orders}`),
      400,
      "VALIDATION_ERROR",
      "dimension",
    );
  });
});

describe("the OpenAPI document", () => {
  it("lists the upload and wizard endpoints", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    for (const path of [
      "/api/v1/uploads",
      "/api/v1/uploads/{id}",
      "/api/v1/uploads/{id}/stop",
      "/api/v1/software/doc-structure",
      "/api/v1/software/templates/{kind}",
    ]) {
      expect(paths, path).toHaveProperty([path]);
    }
    expect(paths["/api/v1/uploads"].post.responses).toHaveProperty(["202"]);
  });
});
