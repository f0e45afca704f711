import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rawQuery } from "@costflow/db/repositories/model-data/raw-client";
import { acceptanceBundle } from "@costflow/engine/test-support/shared-fixtures";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { importBundle, waitForRun } from "../calculation/helpers.ts";
import { as, demoCompanyId, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { modelData, type Uploader, uploader } from "../uploads/upload-helpers.ts";

// Rows written in bulk leave their table analysed (repositories/analyze.ts): records after a
// records upload or a model import, a run's records after its steps and its report data after its
// reports (and the key columns of its detail arrays, which the record trace probes). Without statistics the planner looked records up by identifier through the wrong index
// and read the whole dimension (1.4 s per report call on 5 M order lines), and planned the BI
// export's reads worse (docs/performance.md, session 14). Each case first removes the table's
// statistics, as a fresh database without autovacuum has none.

const uploadDir = mkdtempSync(join(tmpdir(), "costflow-uploads-"));
process.env.UPLOAD_DIR = uploadDir;

let t: TestApp;
let u: Uploader;
let call: ReturnType<typeof as>;
let access: string;
beforeAll(async () => {
  t = await startTestApp();
  access = (await login(t.app, "client@costflow.demo")).access;
  call = as(t.app, access);
  u = uploader(t.app, access);
});
afterAll(async () => {
  await t?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

const statistics = async (table = "dimension_records") =>
  Number(
    (
      await rawQuery<{ n: number | string }>(
        `select count(*) as n from pg_statistic where starelid = '${table}'::regclass`,
        [],
        t.database.db,
      )
    )[0]!.n,
  );
const forget = async (table: string) => {
  await rawQuery(`delete from pg_statistic where starelid = '${table}'::regclass`, [], t.database.db);
  expect(await statistics(table)).toBe(0);
};

beforeEach(async () => {
  await forget("dimension_records");
});

describe("statistics after bulk writes", () => {
  it("a model import analyses the records; a calculation its records' results and report data", async () => {
    const { scenario } = await importBundle(t.app, access, acceptanceBundle("tdabc-customer-service"));
    expect(await statistics()).toBeGreaterThan(0);
    await forget("result_records");
    await forget("result_vectors");
    await forget("report_records");
    const requested = await call("POST", "/calculation/calculate-all/", { scenario });
    expect(requested.statusCode, requested.body).toBe(201);
    expect((await waitForRun(call, scenario, requested.json().calculation_id, 120_000)).status).toBe(
      "FINISHED",
    );
    expect(await statistics("result_records")).toBeGreaterThan(0);
    expect(await statistics("report_records")).toBeGreaterThan(0);
    // result_vectors: the key columns the trace's probes filter on, not the arrays.
    expect(await statistics("result_vectors")).toBeGreaterThan(0);
    const analysed = await rawQuery<{ attname: string }>(
      `select a.attname from pg_statistic s join pg_attribute a on a.attrelid = s.starelid and a.attnum = s.staattnum
        where s.starelid = 'result_vectors'::regclass`,
      [],
      t.database.db,
    );
    expect(analysed.map((r) => r.attname)).toContain("source_no");
    expect(analysed.map((r) => r.attname)).not.toContain("amounts");
  }, 180_000);

  it("a records upload analyses them", async () => {
    const model = (await call("POST", "/models/", { name: "Statistics" })).json();
    const scenario = (await call("POST", "/model/scenarios/", { model: model.id, name: "Base" })).json().id;
    const data = modelData(t.database, await demoCompanyId(t.database), model.id);
    const dimension = (await data.dimension("CUSTOMER", []))!;
    await forget("dimension_records");
    const done = await u.process(
      { scenario, kind: "RECORDS", mode: "REPLACE", dimension: dimension.id },
      { name: "customers.csv", content: "identifier\nC1\nC2\nC3\n" },
    );
    expect(done.status, JSON.stringify(done)).toBe("PROCESSED");
    expect(await statistics()).toBeGreaterThan(0);
  });
});
