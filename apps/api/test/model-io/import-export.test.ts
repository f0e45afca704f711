import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readBundle } from "@costflow/engine/bundle/read-bundle";
import { calculate } from "@costflow/engine/calc/calculate";
import type { ModelData } from "@costflow/engine/model/types";
import { buildSummary } from "@costflow/engine/summary/build-summary";
import { ACCEPTANCE_BUNDLES, acceptanceBundle } from "@costflow/engine/test-support/shared-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadModelData } from "../../src/modules/model-io/load-model-data.ts";
import {
  API,
  as,
  bearer,
  createCompany,
  demoCompanyId,
  login,
  startTestApp,
  type TestApp,
} from "../helpers/test-app.ts";
import { countRows, multipart, TEMPLATES, templatesDir, zipBundle } from "./bundle-helpers.ts";

let t: TestApp;
let demo: number;
let analystToken: string;
let strangerToken: string;
let scratch: string;

beforeAll(async () => {
  t = await startTestApp();
  demo = await demoCompanyId(t.database);
  await createCompany(t.database, "Company B", "admin@b.test");
  analystToken = (await login(t.app, "client@costflow.demo")).access;
  strangerToken = (await login(t.app, "admin@b.test")).access;
  scratch = await mkdtemp(join(tmpdir(), "costflow-io-test-"));
});
afterAll(async () => {
  await t?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

function upload(zip: Buffer, token = analystToken, options: { field?: string; language?: string } = {}) {
  const body = multipart(zip, options);
  return t.app.inject({
    method: "POST",
    url: `${API}/models/import/`,
    headers: {
      ...bearer(token),
      ...body.headers,
      ...(options.language ? { "accept-language": options.language } : {}),
    },
    payload: body.payload,
  });
}

const summaryOf = (model: ModelData) => buildSummary(model, calculate(model));

describe("POST models/import/", () => {
  it.each(ACCEPTANCE_BUNDLES)("imports the acceptance bundle %s as it reads", async (name) => {
    const response = await upload(zipBundle(acceptanceBundle(name)));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toEqual({ model: expect.any(Number), scenario: expect.any(Number) });
    const loaded = await loadModelData(demo, created.scenario, t.database.db);
    const expected = await readBundle(acceptanceBundle(name));
    expect(loaded).toEqual(expected);
    expect(summaryOf(loaded)).toEqual(summaryOf(expected));

    const model = (await as(t.app, analystToken)("GET", `/models/${created.model}/`)).json();
    expect(model).toMatchObject({ name: expected.info.name, author: "Carlos Client", company: demo });
  });

  it.each(TEMPLATES)("imports the %s template", async (name) => {
    const response = await upload(zipBundle(join(templatesDir, name)));
    expect(response.statusCode, response.body).toBe(201);
    const loaded = await loadModelData(demo, response.json().scenario, t.database.db);
    expect(loaded).toEqual(await readBundle(join(templatesDir, name)));
  });

  it("refuses a bad bundle with every issue located, and writes nothing", async () => {
    const dir = join(templatesDir, "distribution");
    const before = await countRows(t.database.db);
    const response = await upload(
      zipBundle(dir, {
        "account_values.csv": "account_code,amount\n6100,12.5\n6110,12x5\n",
        "records/REGIONS.csv": "identifier,region_name,colour\nNORTH,North,blue\n",
      }),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({
      code: "VALIDATION_ERROR",
      errors: [{ field: "file", reason: "invalid_format", message: expect.any(String) }],
      truncated: false,
    });
    expect(body.issues).toEqual(
      expect.arrayContaining([
        {
          code: "not_a_number",
          file: "account_values.csv",
          line: 3,
          column: 2,
          column_name: "amount",
          message: "account_values.csv, line 3, column 2 (amount): not a number",
          detail: expect.any(String),
        },
        expect.objectContaining({
          code: "unknown_column",
          file: "records/REGIONS.csv",
          line: 1,
          column: 3,
          message: expect.stringContaining("records/REGIONS.csv, line 1, column 3"),
        }),
      ]),
    );
    expect(await countRows(t.database.db)).toEqual(before);
  });

  it("speaks the caller's language in the issues", async () => {
    const response = await upload(
      zipBundle(acceptanceBundle("reciprocal-support-departments"), {
        "cost_pools.csv": "pool_code,name,is_direct\nPM,Plant maintenance,maybe\n",
      }),
      analystToken,
      { language: "es" },
    );
    expect(response.statusCode).toBe(400);
    const issue = response.json().issues.find((i: { file: string }) => i.file === "cost_pools.csv");
    expect(issue).toMatchObject({ code: "not_a_boolean", line: 2, column: 3 });
    expect(issue.message).toBe("cost_pools.csv, línea 2, columna 3 (is_direct): use true o false");
  });

  it("refuses two step-4 rules for one activity before writing anything", async () => {
    const dir = acceptanceBundle("tdabc-customer-service");
    const before = await countRows(t.database.db);
    const response = await upload(
      zipBundle(dir, {
        "rules_step4.csv":
          "activity_code,dimension_code,split_type,driver_name,equation\nORD,CUST,DRIVER,orders,\nINQ,CUST,DRIVER,inquiries,\nCRD,CUST,DRIVER,credit_checks,\nORD,CUST,EVEN,,\n",
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      expect.objectContaining({ code: "duplicate", file: "rules_step4.csv", line: 5, column: 1 }),
    ]);
    expect(await countRows(t.database.db)).toEqual(before);
  });

  it("refuses a file that is not a zip, and a request without the file", async () => {
    const notZip = await upload(Buffer.from("identifier,name\n"));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().issues[0]).toMatchObject({ code: "zip", line: 0, column: 0 });

    const wrongField = await upload(zipBundle(acceptanceBundle("tdabc-customer-service")), analystToken, {
      field: "bundle",
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors).toEqual([
      expect.objectContaining({ field: "file", reason: "required" }),
    ]);

    const json = await as(t.app, analystToken)("POST", "/models/import/", { file: "x" });
    expect(json.statusCode).toBe(415);
  });

  it("answers 413 past the size limit and writes nothing", async () => {
    const before = await countRows(t.database.db);
    const previous = process.env.COSTFLOW_MODEL_IMPORT_MAX_BYTES;
    process.env.COSTFLOW_MODEL_IMPORT_MAX_BYTES = "4096";
    try {
      const zip = zipBundle(join(templatesDir, "distribution"));
      expect(zip.length).toBeGreaterThan(4096);
      const response = await upload(zip);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        code: "PAYLOAD_TOO_LARGE",
        errors: [expect.objectContaining({ field: "file", reason: "too_large" })],
      });
    } finally {
      if (previous === undefined) delete process.env.COSTFLOW_MODEL_IMPORT_MAX_BYTES;
      else process.env.COSTFLOW_MODEL_IMPORT_MAX_BYTES = previous;
    }
    expect(await countRows(t.database.db)).toEqual(before);
  });
});

describe("GET models/{id}/export/", () => {
  it("exports a bundle that imports back as the same model with the same results", async () => {
    const first = (await upload(zipBundle(join(templatesDir, "professional-services")))).json();
    // An activity outside any cost pool travels as an empty pool_code.
    const added = await as(t.app, analystToken)("POST", "/activities/", {
      model: first.model,
      name: "Internal audit",
      code: "AUDIT",
    });
    expect(added.statusCode, added.body).toBe(201);
    const response = await as(t.app, analystToken)(
      "GET",
      `/models/${first.model}/export/?scenario=${first.scenario}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="Professional_services-Forecast_2025.zip"',
    );
    const zipPath = join(scratch, "export.zip");
    await writeFile(zipPath, response.rawPayload);

    const second = (await upload(response.rawPayload)).json();
    expect(second.model).not.toBe(first.model);
    const a = await loadModelData(demo, first.scenario, t.database.db);
    const b = await loadModelData(demo, second.scenario, t.database.db);
    expect(b).toEqual(a);
    expect(b.activities.find((x) => x.code === "AUDIT")).toMatchObject({ pool: "", isTdabc: false });
    expect(await readBundle(zipPath)).toEqual(a);
    expect(summaryOf(b)).toEqual(summaryOf(a));
  });

  it("is 404 for another company's model or a scenario of another model", async () => {
    const mine = (await upload(zipBundle(acceptanceBundle("reciprocal-support-departments")))).json();
    const other = (await upload(zipBundle(acceptanceBundle("tdabc-customer-service")))).json();
    const stranger = as(t.app, strangerToken);
    expect(
      (await stranger("GET", `/models/${mine.model}/export/?scenario=${mine.scenario}`)).statusCode,
    ).toBe(404);
    const analyst = as(t.app, analystToken);
    const mixed = await analyst("GET", `/models/${mine.model}/export/?scenario=${other.scenario}`);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().errors).toEqual([
      expect.objectContaining({ field: "scenario", reason: "not_found" }),
    ]);
    const missing = await analyst("GET", `/models/${mine.model}/export/`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      expect.objectContaining({ field: "scenario", reason: "required" }),
    ]);
  });
});

describe("templates", () => {
  it("lists the three templates in the caller's language with their keys", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `${API}/models/templates/`,
      headers: { ...bearer(analystToken), "accept-language": "pt-PT,pt;q=0.9" },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(3);
    expect(body.results.map((r: { id: string }) => r.id)).toEqual([...TEMPLATES]);
    expect(body.results[0]).toMatchObject({
      id: "distribution",
      name: "Distribuição grossista",
      name_key: "templates:distribution.name",
      description_key: "templates:distribution.description",
      counts: { accounts: 34, cost_pools: 8, activities: 14, dimensions: 5 },
    });
    for (const r of body.results) expect(r.counts.records).toBeGreaterThan(300);
  });

  it("creates a model from a template, named as asked", async () => {
    const analyst = as(t.app, analystToken);
    const response = await analyst("POST", "/models/", {
      template: "manufacturing",
      name: "Plant Setúbal",
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      name: "Plant Setúbal",
      short_description: expect.stringContaining("pumps"),
      author: "Carlos Client",
      scenario: expect.any(Number),
    });
    const loaded = await loadModelData(demo, created.scenario, t.database.db);
    const template = await readBundle(join(templatesDir, "manufacturing"));
    template.info.name = "Plant Setúbal";
    expect(loaded).toEqual(template);

    const blank = await analyst("POST", "/models/", { short_description: "no name" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([expect.objectContaining({ field: "name", reason: "required" })]);
    const unknown = await analyst("POST", "/models/", { template: "bakery" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: "template" })]);
  });
});
