import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, demoCompanyId, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { expectError, modelData, type Uploader, uploader } from "./upload-helpers.ts";

// The fixture corpus (apps/api/test/fixtures/uploads, written by generate.mjs): each file with
// the outcome cases.json expects — accepted and loaded, refused at upload, or processed to a list
// of errors (line, column, field, reason) with nothing written.

const FIXTURES = join(import.meta.dirname, "../fixtures/uploads");
interface Case {
  file: string;
  kind: string;
  accounts?: string[];
  expect: {
    http?: number;
    code?: string;
    status?: string;
    rows?: number;
    errors?: [number | null, number | null, string | null, string][];
    accounts?: [string, string, string][];
    values?: [string, string][];
    records?: [string, Record<string, unknown>][];
  };
}
const cases: Case[] = JSON.parse(readFileSync(join(FIXTURES, "cases.json"), "utf8"));

const uploadDir = mkdtempSync(join(tmpdir(), "costflow-uploads-"));
process.env.UPLOAD_DIR = uploadDir;

let t: TestApp;
let u: Uploader;
let call: ReturnType<typeof as>;
let companyId: number;

beforeAll(async () => {
  t = await startTestApp();
  const access = (await login(t.app, "client@costflow.demo")).access;
  call = as(t.app, access);
  u = uploader(t.app, access);
  companyId = await demoCompanyId(t.database);
});
afterAll(async () => {
  await t?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

/** A fresh model and scenario, with the accounts a case needs and a LINES dimension. */
async function freshScenario(accounts: string[] = []) {
  const model = (await call("POST", "/models/", { name: "Fixtures" })).json();
  const scenario = (await call("POST", "/model/scenarios/", { model: model.id, name: "Base" })).json()
    .id as number;
  const data = modelData(t.database, companyId, model.id);
  if (accounts.length > 0) await data.accounts(accounts.map((code) => ({ code })));
  const dimension = await data.dimension("LINES", [
    { name: "amount", dataType: "DECI" },
    { name: "booked_on", dataType: "DATE" },
    { name: "note", dataType: "TEXT" },
  ]);
  return { scenario, data, dimension: dimension.id };
}

describe("the fixture corpus", () => {
  it.each(cases)("$file", async (c) => {
    const { scenario, data, dimension } = await freshScenario(c.accounts);
    const fields = { scenario, kind: c.kind, mode: "MERGE", ...(c.kind === "RECORDS" ? { dimension } : {}) };
    const response = await u.upload(fields, { name: c.file, content: readFileSync(join(FIXTURES, c.file)) });
    if (c.expect.http && c.expect.http !== 202) {
      const body = expectError(response, c.expect.http, c.expect.code!, "file");
      expect(body.message).toBe(
        c.expect.code === "FILE_FORMAT_NOT_ACCEPTED" ? "File Format Not Accepted" : "Impossible to Upload",
      );
      return;
    }
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      status: "PROCESSING",
      message: "Process file requested",
    });
    const done = await u.finished(response.json().id);
    expect(done.status, JSON.stringify(done.errors)).toBe(c.expect.status);
    if (c.expect.rows !== undefined) expect(done.rows_done).toBe(c.expect.rows);
    if (c.expect.errors) {
      expect(
        done.errors.map((e: { line: number; column: number; field: string; reason: string }) => [
          e.line,
          e.column,
          e.field,
          e.reason,
        ]),
      ).toEqual(c.expect.errors);
      expect(done.errors_count).toBe(c.expect.errors.length);
    }
    if (c.expect.accounts) {
      expect((await data.accountRows()).map((a) => [a.code, a.name, a.expenseGroup])).toEqual(
        c.kind === "ACCOUNTS" ? c.expect.accounts : (c.accounts ?? []).map((code) => [code, "", ""]),
      );
    }
    if (c.expect.values)
      expect((await data.valueRows(scenario)).map((v) => [v.code, v.amount])).toEqual(c.expect.values);
    if (c.expect.records) {
      expect((await data.recordRows(scenario, dimension)).map((r) => [r.identifier, r.fields])).toEqual(
        c.expect.records,
      );
    }
  });

  it("reads the first sheet of an .xlsx workbook made with exceljs: numbers, dates, booleans, rich text, formulas", async () => {
    const { scenario, data, dimension } = await freshScenario();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Lines");
    sheet.addRow(["identifier", "amount", "booked_on", "note"]);
    sheet.addRow([
      "L1",
      12.25,
      new Date(Date.UTC(2025, 0, 31)),
      { richText: [{ text: "bold " }, { text: "and plain" }] },
    ]);
    sheet.addRow(["L2", { formula: "2*3", result: 6 }, null, true]);
    sheet.addRow([]);
    sheet.addRow([1001, -0.5, "2025-03-01", "text"]);
    workbook.addWorksheet("Ignored").addRow(["identifier", "nonsense"]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

    const done = await u.process(
      { scenario, kind: "RECORDS", mode: "REPLACE", dimension },
      { name: "lines.XLSX", content: buffer },
    );
    expect(done.errors).toEqual([]);
    expect(done).toMatchObject({ status: "PROCESSED", rows_done: 3 });
    expect((await data.recordRows(scenario, dimension)).map((r) => [r.identifier, r.fields])).toEqual([
      ["L1", { amount: 12.25, booked_on: "2025-01-31", note: "bold and plain" }],
      ["L2", { amount: 6, booked_on: null, note: "true" }],
      ["1001", { amount: -0.5, booked_on: "2025-03-01", note: "text" }],
    ]);
  });

  it("reports bad cells of a workbook with their row number and column", async () => {
    const { scenario, data, dimension } = await freshScenario();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Lines");
    sheet.addRow(["identifier", "amount", "booked_on"]);
    sheet.addRow(["L1", "twelve", "2025-01-31"]);
    sheet.addRow([]);
    sheet.addRow(["L2", 3, "yesterday", "extra"]);
    const done = await u.process(
      { scenario, kind: "RECORDS", mode: "MERGE", dimension },
      { name: "lines.xlsx", content: Buffer.from(await workbook.xlsx.writeBuffer()) },
    );
    expect(
      done.errors.map((e: { line: number; column: number; reason: string }) => [e.line, e.column, e.reason]),
    ).toEqual([
      [2, 2, "invalid_number"],
      [4, null, "field_count"],
    ]);
    expect(await data.recordRows(scenario, dimension)).toEqual([]);
  });

  it("refuses a file whose text stops being UTF-8 after the first 64 KB", async () => {
    const { scenario, data } = await freshScenario();
    const good = `account_code,name\n${Array.from({ length: 5000 }, (_, i) => `A${i},Account ${i}`).join("\n")}\n`;
    const content = Buffer.concat([Buffer.from(good), Buffer.from([0x41, 0xff, 0xfe, 0x2c, 0x78, 0x0a])]);
    expect(content.length).toBeGreaterThan(64 * 1024);
    const done = await u.process(
      { scenario, kind: "ACCOUNTS", mode: "MERGE" },
      { name: "accounts.csv", content },
    );
    expect(done.status).toBe("ERROR");
    expect(done.errors).toMatchObject([
      { reason: "invalid_encoding", message: "The file is not valid UTF-8 text" },
    ]);
    expect(await data.accountRows()).toEqual([]);
  });
});
