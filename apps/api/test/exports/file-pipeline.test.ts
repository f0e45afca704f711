import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportFilesRepository } from "@costflow/db/repositories/export-files";
import { acceptanceBundle } from "@costflow/engine/test-support/shared-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Call, importBundle } from "../calculation/helpers.ts";
import { as, createCompany, eventually, login, startTestApp, type TestApp } from "../helpers/test-app.ts";

// The file pipeline (docs/exports.md): a stop and a lost worker end the file in ERROR with no file
// kept; another company's file is a 404 on every call; the downloads list, download and delete;
// a table exported whole, at once or through the pipeline (PDF files: apps/api/test/pdf/).
// The app runs without workers until a test starts one, so a file can be stopped before it is written.

const DIR = mkdtempSync(join(tmpdir(), "costflow-files-"));
process.env.EXPORT_FILES_DIR = DIR;
process.env.EXPORT_LEASE_SECONDS = "1";

let t: TestApp;
let call: Call;
let callB: Call;
let access: string;
let scenario: number;
let companyId: number;
beforeAll(async () => {
  t = await startTestApp({ runWorkers: false });
  access = (await login(t.app, "admin@costflow.demo")).access;
  call = as(t.app, access);
  await createCompany(t.database, "Other Company", "owner@other.test");
  callB = as(t.app, (await login(t.app, "owner@other.test")).access);
  ({ scenario } = await importBundle(t.app, access, acceptanceBundle("tdabc-customer-service")));
  companyId = (await call("GET", "/auth/users/me/")).json().selected_company;
}, 120_000);
afterAll(async () => t?.close());

const filesOf = (id: number) =>
  readdirSync(DIR, { recursive: true })
    .map(String)
    .filter((name) => name.includes("/") && [`${id}`, `${id}.part`].includes(name.split("/").pop()!));

const table = (format: "CSV" | "XLSX" = "CSV") => ({
  scenario,
  data_type: "TABLE",
  format,
  table: {
    call: "cost/account-values/",
    params: { scenario: String(scenario), ordering: "-amount" },
    title: "Account values",
    columns: [
      { id: "account_ID", header: "Account" },
      { id: "amount", header: "Amount" },
    ],
  },
});

describe("before any worker runs", () => {
  let stopped: number;
  let lost: number;

  it("answers the file row at once, and a stop before the worker leaves an ERROR row and no file", async () => {
    const requested = await call("POST", "/export/files/", table());
    expect(requested.statusCode, requested.body).toBe(201);
    expect(requested.json()).toMatchObject({
      status: "PROCESSING",
      kind: "TABLE",
      title: "Account values",
      file_name: "Account_values.csv",
      requested_by: expect.any(String),
      can_stop: true,
      download_url: null,
    });
    stopped = requested.json().id;
    const stop = await call("POST", `/export/files/${stopped}/stop/`);
    expect(stop.statusCode, stop.body).toBe(200);

    // A killed worker: claimed with a lease that ran out, a partial file left behind.
    const files = exportFilesRepository(t.database.db);
    const row = await files.create(companyId, {
      scenarioId: scenario,
      kind: "BI_CSV",
      title: "BI template",
      status: "PROCESSING",
      fileName: "lost.zip",
      requestedBy: null,
    });
    lost = row.id;
    expect(await files.claim(companyId, lost, 1)).toBe("claimed");
    mkdirSync(join(DIR, String(companyId)), { recursive: true });
    writeFileSync(join(DIR, String(companyId), `${lost}.part`), "partial");
    await new Promise((r) => setTimeout(r, 1500));
  });

  it("a worker ends the stopped file (stopped) and the lost one (worker_lost), their files gone", async () => {
    await t.another({ runWorkers: true });
    for (const [id, reason] of [
      [stopped, "stopped"],
      [lost, "worker_lost"],
    ] as const) {
      const file = await eventually(async () => {
        const row = (await call("GET", `/export/files/${id}/`)).json();
        expect(row.status).toBe("ERROR");
        return row;
      }, 20_000);
      expect(file).toMatchObject({ error: reason, download_url: null, size_bytes: null, can_stop: false });
      expect(file.error_message).toEqual(expect.any(String));
      expect(filesOf(id)).toEqual([]);
      expect((await call("GET", `/export/files/${id}/download/`)).statusCode).toBe(409);
    }
    const list = (await call("GET", `/export/files/?scenario=${scenario}&limit=100`)).json();
    expect(list.results.filter((r: { status: string }) => r.status === "ERROR")).toHaveLength(2);
    expect(list.results.every((r: { download_url: string | null }) => r.download_url === null)).toBe(true);
  });
});

describe("with a worker", () => {
  let fileId: number;

  it("writes a table whole through the pipeline, lists it and downloads it with a readable name", async () => {
    const requested = await call("POST", "/export/files/", table());
    expect(requested.statusCode, requested.body).toBe(201);
    fileId = requested.json().id;
    const file = await eventually(async () => {
      const row = (await call("GET", `/export/files/${fileId}/`)).json();
      expect(row.status).toBe("PROCESSED");
      return row;
    }, 30_000);
    expect(file.download_url).toBe(`/api/v1/export/files/${fileId}/download/`);
    const download = await call("GET", `/export/files/${fileId}/download/`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(download.headers["content-disposition"]).toContain('filename="Account_values.csv"');
    const lines = download.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe("Account,Amount");
    expect(lines.length - 1).toBe(
      (await call("GET", `/cost/account-values/?scenario=${scenario}`)).json().count,
    );
    const amounts = lines.slice(1).map((l: string) => Number(l.split(",")[1]));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(file.size_bytes).toBe(download.rawPayload.length);
  });

  it("exports a small table at once (GET export/table/)", async () => {
    const response = await call(
      "GET",
      `/export/table/?call=cost/account-values/&format=XLSX&title=Values&params=${encodeURIComponent(JSON.stringify({ scenario: String(scenario) }))}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toContain('filename="Values.xlsx"');
    expect(response.rawPayload.subarray(0, 2).toString()).toBe("PK");
    const bad = await call("GET", "/export/table/?call=auth/users/me/");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: "call", reason: "invalid_call" });
  });

  it("is a 404 for another company on every call", async () => {
    for (const [method, path] of [
      ["GET", `/export/files/${fileId}/`],
      ["GET", `/export/files/${fileId}/download/`],
      ["POST", `/export/files/${fileId}/stop/`],
      ["DELETE", `/export/files/${fileId}/`],
      ["GET", `/export/files/?scenario=${scenario}`],
    ] as const) {
      expect((await callB(method, path)).statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await callB("POST", "/export/files/", table())).statusCode).toBe(404);
    expect((await call("GET", `/export/files/${fileId}/download/`)).statusCode).toBe(200);
  });

  it("refuses bad input naming the field", async () => {
    const expectField = async (body: unknown, field: string, reason?: string) => {
      const response = await call("POST", "/export/files/", body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ field, ...(reason ? { reason } : {}) });
    };
    await expectField({ scenario, data_type: "PDF_REPORT" }, "report", "required");
    await expectField({ scenario, data_type: "NOPE" }, "data_type");
    await expectField({ scenario: 2 ** 40, data_type: "BI_CSV" }, "scenario");
    await expectField({ scenario, data_type: "TABLE" }, "table", "required");
    await expectField({ ...table(), table: { call: "../x", params: {} } }, "table.call", "invalid_call");
    await expectField({ scenario, data_type: "RECORDS_ONLY_CALCULATED" }, "driver", "required");
    await expectField({ scenario, data_type: "BI_CSV", extra: 1 }, "extra", "unknown_field");
    // No calculation yet: the BI template has nothing to show.
    expect((await call("POST", "/export/files/", { scenario, data_type: "BI_CSV" })).statusCode).toBe(404);
  });

  it("deletes a file: row and stored file", async () => {
    expect(filesOf(fileId)).toHaveLength(1);
    expect((await call("DELETE", `/export/files/${fileId}/`)).statusCode).toBe(204);
    expect((await call("GET", `/export/files/${fileId}/`)).statusCode).toBe(404);
    expect(filesOf(fileId)).toEqual([]);
    expect(existsSync(join(DIR, String(companyId), String(fileId)))).toBe(false);
  });

  it("tells the user when a file is ready", async () => {
    const notes = (await call("GET", "/account/notifications/?limit=100")).json();
    const items = notes.results ?? notes;
    expect(JSON.stringify(items)).toContain("Account_values.csv");
  });
});
