import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API,
  as,
  createCompany,
  createMember,
  demoCompanyId,
  eventually,
  login,
  startTestApp,
  type TestApp,
} from "../helpers/test-app.ts";
import { expectError, modelData, multipartBody, type Uploader, uploader } from "./upload-helpers.ts";

// Who may upload and read what, the form's validation, the size limit, the list, languages and
// the notification at the end.

const uploadDir = mkdtempSync(join(tmpdir(), "costflow-uploads-"));
process.env.UPLOAD_DIR = uploadDir;

let t: TestApp;
let analyst: Uploader;
let viewer: Uploader;
let stranger: Uploader;
let analystCall: ReturnType<typeof as>;
let model: number;
let scenario: number;
let dimension: number;
let strangerScenario: number;
let firstUpload: number;

// Repeats an account: processed to an error, so that the lists below have one of each status.
const accountsFile = { name: "accounts.csv", content: "account_code,name\n6000,Salaries\n6000,Again\n" };

beforeAll(async () => {
  t = await startTestApp();
  const demo = await demoCompanyId(t.database);
  await createMember(t.database, {
    email: "viewer@costflow.demo",
    role: "client",
    groupName: "Viewers",
    companyId: demo,
  });
  await createCompany(t.database, "Company B", "admin@b.test");
  const analystAccess = (await login(t.app, "client@costflow.demo")).access;
  analyst = uploader(t.app, analystAccess);
  analystCall = as(t.app, analystAccess);
  viewer = uploader(t.app, (await login(t.app, "viewer@costflow.demo")).access);
  const strangerAccess = (await login(t.app, "admin@b.test")).access;
  stranger = uploader(t.app, strangerAccess);

  model = (await analystCall("POST", "/models/", { name: "Company A model" })).json().id;
  scenario = (await analystCall("POST", "/model/scenarios/", { model, name: "A" })).json().id;
  dimension = (
    await modelData(t.database, demo, model).dimension("CUSTOMER", [{ name: "segment", dataType: "TEXT" }])
  ).id;
  const strangerCall = as(t.app, strangerAccess);
  const strangerModel = (await strangerCall("POST", "/models/", { name: "Company B model" })).json().id;
  strangerScenario = (
    await strangerCall("POST", "/model/scenarios/", { model: strangerModel, name: "B" })
  ).json().id;

  const done = await analyst.process({ scenario, kind: "ACCOUNTS", mode: "MERGE" }, accountsFile);
  firstUpload = done.id;
});
afterAll(async () => {
  await t?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe("another company", () => {
  it("cannot upload into, list, read, stop or describe company A's data", async () => {
    expectError(
      await stranger.upload({ scenario, kind: "ACCOUNTS", mode: "MERGE" }, accountsFile),
      404,
      "NOT_FOUND",
      "scenario",
    );
    expectError(
      await stranger.upload(
        { scenario: strangerScenario, kind: "RECORDS", mode: "MERGE", dimension },
        accountsFile,
      ),
      404,
      "NOT_FOUND",
      "dimension",
    );
    expectError(await stranger.get(`/uploads/?scenario=${scenario}`), 404, "NOT_FOUND", "scenario");
    expectError(await stranger.get(`/uploads/${firstUpload}/`), 404, "NOT_FOUND");
    expectError(await stranger.post(`/uploads/${firstUpload}/stop/`), 404, "NOT_FOUND");
    expectError(await stranger.get(`/software/doc-structure/?model=${model}`), 404, "NOT_FOUND", "model");
    expectError(
      await stranger.get(`/software/templates/ACCOUNTS/?model=${model}`),
      404,
      "NOT_FOUND",
      "model",
    );
    expect((await stranger.get(`/uploads/?scenario=${strangerScenario}`)).json()).toMatchObject({
      count: 0,
      results: [],
    });
  });
});

describe("permissions", () => {
  it("lets a viewer read uploads but not upload or stop", async () => {
    expectError(
      await viewer.upload({ scenario, kind: "ACCOUNTS", mode: "MERGE" }, accountsFile),
      403,
      "FORBIDDEN",
    );
    expectError(await viewer.post(`/uploads/${firstUpload}/stop/`), 403, "FORBIDDEN");
    expect((await viewer.get(`/uploads/?scenario=${scenario}`)).statusCode).toBe(200);
    expect((await viewer.get(`/uploads/${firstUpload}/`)).statusCode).toBe(200);
  });

  it("needs a login", async () => {
    const body = multipartBody({ scenario, kind: "ACCOUNTS", mode: "MERGE" }, accountsFile);
    const response = await t.app.inject({
      method: "POST",
      url: `${API}/uploads/`,
      headers: body.headers,
      payload: body.payload,
    });
    expectError(response, 401, "NOT_AUTHENTICATED");
  });
});

describe("the upload form", () => {
  const file = { name: "a.csv", content: "account_code\n1\n" };
  it.each([
    [{ kind: "ACCOUNTS", mode: "MERGE" }, "scenario", "required"],
    [{ scenario: 1, kind: "ACCOUNTS" }, "mode", "required"],
    [{ scenario: 1, kind: "LEDGER", mode: "MERGE" }, "kind", "invalid_value"],
    [{ scenario: 1, kind: "ACCOUNTS", mode: "OVERWRITE" }, "mode", "invalid_value"],
    [{ scenario: "x", kind: "ACCOUNTS", mode: "MERGE" }, "scenario", "invalid_value"],
    [{ scenario: 1, kind: "ACCOUNTS", mode: "MERGE", colour: "red" }, "colour", "unknown_field"],
  ])("refuses %j naming %s", async (fields, field, reason) => {
    const response = await analyst.upload(fields as Record<string, string | number>, file);
    const body = expectError(response, 400, "VALIDATION_ERROR", field);
    expect(body.errors).toContainEqual(expect.objectContaining({ field, reason }));
  });

  it("needs the dimension for records, and only for records", async () => {
    expectError(
      await analyst.upload({ scenario, kind: "RECORDS", mode: "MERGE" }, file),
      400,
      "VALIDATION_ERROR",
      "dimension",
    );
    expectError(
      await analyst.upload({ scenario, kind: "ACCOUNTS", mode: "MERGE", dimension }, file),
      400,
      "VALIDATION_ERROR",
      "dimension",
    );
  });

  it("needs a file part named file, as multipart", async () => {
    expectError(
      await analyst.upload({ scenario, kind: "ACCOUNTS", mode: "MERGE" }),
      400,
      "VALIDATION_ERROR",
      "file",
    );
    const json = await analystCall("POST", "/uploads/", { scenario, kind: "ACCOUNTS", mode: "MERGE" });
    expectError(json, 400, "VALIDATION_ERROR", "file");
    const other = multipartBody({ scenario, kind: "ACCOUNTS", mode: "MERGE" }, file, "attachment");
    const response = await t.app.inject({
      method: "POST",
      url: `${API}/uploads/`,
      headers: {
        ...other.headers,
        authorization: `Bearer ${(await login(t.app, "client@costflow.demo")).access}`,
      },
      payload: other.payload,
    });
    expectError(response, 400, "VALIDATION_ERROR", "attachment");
  });

  it("refuses a file over the size limit with 413, keeping nothing on disk", async () => {
    process.env.UPLOAD_MAX_BYTES = "1000";
    try {
      const big = { name: "accounts.csv", content: `account_code\n${"1234567\n".repeat(200)}` };
      const body = expectError(
        await analyst.upload({ scenario, kind: "ACCOUNTS", mode: "MERGE" }, big),
        413,
        "PAYLOAD_TOO_LARGE",
        "file",
      );
      expect(body.errors[0]).toMatchObject({
        reason: "too_large",
        message: "the body is larger than 1000 bytes",
      });
    } finally {
      delete process.env.UPLOAD_MAX_BYTES;
    }
    expect(readdirSync(uploadDir)).toEqual([]);
  });

  it("accepts a file larger than the JSON body limit (1 MB)", async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => `A${i},Account number ${i}`).join("\n");
    const done = await analyst.process(
      { scenario, kind: "ACCOUNTS", mode: "MERGE" },
      { name: "many.csv", content: `account_code,name\n${rows}\n` },
    );
    expect(done).toMatchObject({ status: "PROCESSED", rows_done: 60_000 });
  });
});

describe("the list and the outcome", () => {
  it("pages the scenario's uploads with mode, status, requester and error count, newest first", async () => {
    const ok = await analyst.process(
      { scenario, kind: "ACCOUNTS", mode: "APPEND" },
      { name: "more.csv", content: "account_code\nZ1\n" },
    );
    const page = (await analyst.get(`/uploads/?scenario=${scenario}&limit=1`)).json();
    expect(page.count).toBeGreaterThanOrEqual(3);
    expect(page.next).toContain("offset=1");
    expect(page.previous).toBeNull();
    expect(page.results).toEqual([
      {
        id: ok.id,
        scenario,
        kind: "ACCOUNTS",
        dimension: null,
        mode: "APPEND",
        status: "PROCESSED",
        file_name: "more.csv",
        requested_at: expect.any(String),
        requested_by: "Carlos Client",
        finished_at: expect.any(String),
        progress: 1,
        rows_done: 1,
        rows_total: 1,
        errors_count: 0,
        stop_requested: false,
      },
    ]);
    const errored = (await analyst.get(`/uploads/?scenario=${scenario}&status=ERROR`)).json();
    expect(errored.results.map((r: { id: number }) => r.id)).toEqual([firstUpload]);
    expect(errored.results[0]).toMatchObject({
      errors_count: 1,
      status: "ERROR",
      rows_done: 0,
      rows_total: 2,
    });
    expectError(
      await analyst.get(`/uploads/?scenario=${scenario}&ordering=size`),
      400,
      "VALIDATION_ERROR",
      "ordering",
    );
    expectError(await analyst.get("/uploads/"), 400, "VALIDATION_ERROR", "scenario");
  });

  it("deletes the stored file once processed and notifies the requester", async () => {
    // The notice follows the PROCESSED status (its commit comes first): a reader polling the status
    // may ask a moment before the notice is written.
    await eventually(async () => {
      expect(readdirSync(uploadDir)).toEqual([]);
      const notifications = (await analystCall("GET", "/account/notifications/")).json();
      expect(notifications.results[0]).toMatchObject({
        title: "File processed",
        message: "more.csv: 1 rows loaded.",
        link: "/model/scenario/financial-accounts",
      });
    });
  });

  it("speaks the request's language", async () => {
    const es = { "accept-language": "es" };
    const accepted = await analyst.upload(
      { scenario, kind: "ACCOUNTS", mode: "MERGE" },
      { name: "x.csv", content: "account_code,amount\n1,2\n" },
      es,
    );
    expect(accepted.json().message).toBe("Procesamiento del archivo solicitado");
    const done = await analyst.finished(accepted.json().id);
    const detail = (await analyst.get(`/uploads/${done.id}/`, es)).json();
    expect(detail.errors).toEqual([
      {
        line: 1,
        column: 2,
        field: "amount",
        reason: "unknown_column",
        message: 'Columna desconocida "amount" (columnas esperadas: account_code, name, expense_group)',
      },
    ]);
    const refused = await analyst.upload(
      { scenario, kind: "ACCOUNTS", mode: "MERGE" },
      { name: "x.pdf", content: "%PDF" },
      es,
    );
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe("Formato de archivo no aceptado");
  });
});
