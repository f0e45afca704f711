import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, bearer, demoCompanyId, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { modelData, type Uploader, uploader } from "./upload-helpers.ts";

// Every download that looks like an upload uploads unchanged (docs/uploads.md, "Downloads that
// upload"): the accounts data file ("Accounts with amounts") as account amounts, the templates
// of every kind, and the files of an exported model bundle as the kinds they hold. Each is
// uploaded into another scenario of the same model, which must end up with the same data.

const uploadDir = mkdtempSync(join(tmpdir(), "costflow-uploads-"));
process.env.UPLOAD_DIR = uploadDir;

let t: TestApp;
let u: Uploader;
let call: ReturnType<typeof as>;
let access: string;
let model: number;
let source: number;
let data: ReturnType<typeof modelData>;
let dimension: number;

beforeAll(async () => {
  t = await startTestApp();
  access = (await login(t.app, "client@costflow.demo")).access;
  call = as(t.app, access);
  u = uploader(t.app, access);
  model = (await call("POST", "/models/", { name: "Round trips" })).json().id;
  source = (await call("POST", "/model/scenarios/", { model, name: "Source" })).json().id;
  data = modelData(t.database, await demoCompanyId(t.database), model);
  const accounts = await data.accounts([
    { code: "6000", name: "Salaries, office", expenseGroup: "Staff" },
    { code: "6100", name: 'Rent "HQ"', expenseGroup: "Premises" },
    { code: "6200", name: "No amount yet", expenseGroup: "" },
  ]);
  for (const [account, amount] of [
    [accounts[0]!.id, "1234.50"],
    [accounts[1]!.id, "-80.125"],
  ] as const) {
    const response = await call("POST", "/cost/account-values/", { scenario: source, account, amount });
    expect(response.statusCode, response.body).toBe(201);
  }
  await data.pools([
    { code: "P1", name: "Admin", isDirect: false },
    { code: "P2", name: "Shop; floor", isDirect: true },
  ]);
  await data.poolDrivers(["Headcount"]);
  dimension = (
    await data.dimension("ORDERS", [
      { name: "amount", dataType: "DECI" },
      { name: "placed", dataType: "DATE" },
      { name: "note", dataType: "TEXT" },
    ])
  ).id;
  const records = await u.process(
    { scenario: source, kind: "RECORDS", mode: "MERGE", dimension },
    { name: "orders.csv", content: 'identifier,amount,placed,note\nO1,10.5,2025-01-31,"a, b"\nO2,,,\n' },
  );
  expect(records.status).toBe("PROCESSED");
  const values = await u.process(
    { scenario: source, kind: "POOL_DRIVER_VALUES", mode: "MERGE" },
    { name: "v.csv", content: "driver_name,pool_code,value\nHeadcount,P1,12\nHeadcount,P2,3.5\n" },
  );
  expect(values.status).toBe("PROCESSED");
}, 300_000);
afterAll(async () => {
  await t?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

const newScenario = async (name: string) =>
  (await call("POST", "/model/scenarios/", { model, name })).json().id;

async function download(path: string): Promise<string> {
  const response = await t.app.inject({ method: "GET", url: `/api/v1${path}`, headers: bearer(access) });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

describe("downloads upload unchanged", () => {
  it("'Accounts with amounts' uploads as account amounts, accounts without an amount staying without", async () => {
    const file = await download(`/cost/financial-accounts/get-data-file/?model=${model}&scenario=${source}`);
    expect(file.split(/\r?\n/)[0]).toBe("\uFEFFaccount_code,name,expense_group,amount");
    const target = await newScenario("From the data file");
    for (const mode of ["REPLACE", "MERGE"]) {
      const done = await u.process(
        { scenario: target, kind: "ACCOUNT_VALUES", mode },
        { name: "accounts-with-amounts.csv", content: file },
      );
      expect(done, JSON.stringify(done.errors)).toMatchObject({ status: "PROCESSED", errors_count: 0 });
      expect(await data.valueRows(target)).toEqual(await data.valueRows(source));
    }
    expect((await data.valueRows(target)).map((v) => v.code)).toEqual(["6000", "6100"]);
  }, 300_000);

  it("the accounts template and every kind's template upload (as files with no rows)", async () => {
    const target = await newScenario("Templates");
    const accounts = await download(`/cost/financial-accounts/get-template-file/?model=${model}`);
    const done = await u.process(
      { scenario: target, kind: "ACCOUNTS", mode: "MERGE" },
      { name: "accounts.csv", content: accounts },
      120_000,
    );
    expect(done).toMatchObject({ status: "PROCESSED", rows_done: 0 });
    for (const kind of ["ACCOUNTS", "ACCOUNT_VALUES", "COST_POOLS", "POOL_DRIVER_VALUES", "RECORDS"]) {
      const query = kind === "RECORDS" ? `?model=${model}&dimension=${dimension}` : `?model=${model}`;
      const template = await download(`/software/templates/${kind}/${query}`);
      const fields = { scenario: target, kind, mode: "MERGE", ...(kind === "RECORDS" ? { dimension } : {}) };
      const result = await u.process(fields, { name: "template.csv", content: template }, 120_000);
      expect(result, `${kind}: ${JSON.stringify(result.errors)}`).toMatchObject({ status: "PROCESSED" });
    }
  }, 300_000);

  it("the files of an exported bundle upload as their kinds into another scenario, giving the same data", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/v1/models/${model}/export/?scenario=${source}`,
      headers: bearer(access),
    });
    expect(response.statusCode).toBe(200);
    const files = unzipSync(response.rawPayload);
    const text = (name: string) => {
      const entry = Object.entries(files).find(([path]) => path === name || path.endsWith(`/${name}`));
      expect(entry, name).toBeDefined();
      return strFromU8(entry![1]);
    };
    const target = await newScenario("From the bundle");
    const uploads: [string, string, Record<string, number>][] = [
      ["ACCOUNTS", "accounts.csv", {}],
      ["ACCOUNT_VALUES", "account_values.csv", {}],
      ["COST_POOLS", "cost_pools.csv", {}],
      ["POOL_DRIVER_VALUES", "pool_driver_values.csv", {}],
      ["RECORDS", "records/ORDERS.csv", { dimension }],
    ];
    for (const [kind, name, extra] of uploads) {
      const done = await u.process(
        { scenario: target, kind, mode: "REPLACE", ...extra },
        { name: name.replace("/", "_"), content: text(name) },
        120_000,
      );
      expect(done, `${name}: ${JSON.stringify(done.errors)}`).toMatchObject({ status: "PROCESSED" });
    }
    // The bundle writes decimals in their shortest form ("1234.5"): compared as numbers.
    const numeric = <T extends object>(rows: T[]) =>
      rows.map((r) =>
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [k, k === "amount" || k === "value" ? Number(v) : v]),
        ),
      );
    expect(numeric(await data.valueRows(target))).toEqual(numeric(await data.valueRows(source)));
    expect(numeric(await data.driverValueRows(target))).toEqual(numeric(await data.driverValueRows(source)));
    expect(await data.recordRows(target, dimension)).toEqual(await data.recordRows(source, dimension));
    expect((await data.accountRows()).map((a) => a.code)).toEqual(["6000", "6100", "6200"]);
    expect((await data.poolRows()).map((p) => p.name)).toEqual(["Admin", "Shop; floor"]);
  }, 300_000);
});
