import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type AcceptanceBundle, acceptanceBundle } from "@costflow/engine/test-support/shared-fixtures";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { unzipSync } from "fflate";
import { parquetReadObjects } from "hyparquet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { neutraliseCell } from "../../src/lib/spreadsheet-cells.ts";
import { RUN_SETTINGS } from "../../src/modules/calculation/run-calculation.ts";
import { type Call, importBundle, waitForRun } from "../calculation/helpers.ts";
import { as, eventually, login, startTestApp, type TestApp } from "../helpers/test-app.ts";

// The BI template (docs/exports.md) of the two shared acceptance bundles, requested through
// POST export/files/, written by the file pipeline's worker, downloaded from the list and read
// back: CSV parsed, Parquet read with hyparquet, the workbook with exceljs.
//
// tdabc-customer-service: GL 560,000 = 462,880 assigned to customers C1..C4 (155,040 + 146,560 +
//   113,120 + 48,160) + 97,120 unused capacity of pool CS left unallocated in step 3.
// reciprocal-support-departments: steps 1-2 only; the step-2 flows of expected.json.

process.env.EXPORT_FILES_DIR = mkdtempSync(join(tmpdir(), "costflow-bi-"));

let t: TestApp;
let call: Call;
let access: string;
beforeAll(async () => {
  t = await startTestApp();
  access = (await login(t.app, "admin@costflow.demo")).access;
  call = as(t.app, access);
});
afterAll(async () => t?.close());

async function calculated(bundle: AcceptanceBundle) {
  const { scenario } = await importBundle(t.app, access, acceptanceBundle(bundle));
  const requested = await call("POST", "/calculation/calculate-all/", { scenario });
  expect(requested.statusCode, requested.body).toBe(201);
  expect((await waitForRun(call, scenario, requested.json().calculation_id, 120_000)).status).toBe(
    "FINISHED",
  );
  return scenario;
}

/** Requests a file, waits until the pipeline ends it, downloads it. */
async function exported(scenario: number, data_type: string): Promise<Uint8Array> {
  const requested = await call("POST", "/export/files/", { scenario, data_type });
  expect(requested.statusCode, requested.body).toBe(201);
  expect(requested.json()).toMatchObject({ status: "PROCESSING", kind: data_type, download_url: null });
  const file = await eventually(async () => {
    const row = (await call("GET", `/export/files/${requested.json().id}/`)).json();
    expect(row.status, JSON.stringify(row)).toBe("PROCESSED");
    return row;
  }, 60_000);
  const download = await call("GET", file.download_url.replace("/api/v1", ""));
  expect(download.statusCode).toBe(200);
  expect(download.headers["content-disposition"]).toContain(file.file_name);
  expect(download.rawPayload.length).toBe(file.size_bytes);
  return new Uint8Array(download.rawPayload);
}

type Row = Record<string, string>;
const csvTables = (zip: Uint8Array) => {
  const entries = unzipSync(zip);
  const tables: Record<string, Row[]> = {};
  for (const [name, bytes] of Object.entries(entries))
    if (name.endsWith(".csv"))
      tables[name.slice(0, -4)] = parse(Buffer.from(bytes), { columns: true, bom: true });
  return { tables, readme: Buffer.from(entries["README.md"]!).toString("utf8") };
};
const cents = (n: number) => Math.round(n * 100);
const sum = (rows: Record<string, unknown>[], column: string) =>
  rows.reduce((s, r) => s + cents(Number(r[column])), 0);

describe("BI template of tdabc-customer-service", () => {
  const dir = acceptanceBundle("tdabc-customer-service");
  const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8"));
  let scenario: number;
  beforeAll(async () => {
    scenario = await calculated("tdabc-customer-service");
  }, 180_000);

  /** Record cost per customer identifier, from fact_record_cost joined to dim_record. */
  const costByIdentifier = (facts: Record<string, unknown>[], records: Record<string, unknown>[]) => {
    const identifier = new Map(records.map((r) => [String(r.record_key), String(r.identifier)]));
    const out: Record<string, number> = {};
    for (const f of facts) {
      const id = identifier.get(String(f.record_key))!;
      out[id] = (out[id] ?? 0) + cents(Number(f.amount));
    }
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v / 100]));
  };

  it("CSV: the facts sum to the general-ledger total and to each record's cost; the README names every column", async () => {
    const { tables, readme } = csvTables(await exported(scenario, "BI_CSV"));
    expect(Object.keys(tables).sort()).toEqual(
      [
        "dim_account",
        "dim_activity",
        "dim_dimension",
        "dim_pnl_line",
        "dim_pool",
        "dim_record",
        "dim_record_driver",
        "fact_flow",
        "fact_pnl_line",
        "fact_record",
        "fact_record_cost",
        "fact_unallocated",
      ].sort(),
    );
    const gl = 560_000 * 100;
    expect(sum(tables.fact_record_cost!, "amount") + sum(tables.fact_unallocated!, "amount")).toBe(gl);
    expect(sum(tables.fact_unallocated!, "amount")).toBe(
      cents(expected.step3_time_driven.unused_capacity_cost),
    );
    expect(costByIdentifier(tables.fact_record_cost!, tables.dim_record!)).toEqual(
      expected.step4_cost_by_customer,
    );
    // Each record's rows add up to its resting cost.
    const resting = Object.fromEntries(
      tables.fact_record!.map((r) => [r.record_key, cents(Number(r.resting))]),
    );
    const byRecord: Record<string, number> = {};
    for (const f of tables.fact_record_cost!)
      byRecord[f.record_key!] = (byRecord[f.record_key!] ?? 0) + cents(Number(f.amount));
    expect(byRecord).toEqual(resting);
    // Every fact row names an activity of dim_activity and its pool.
    const activities = new Map(tables.dim_activity!.map((a) => [a.activity_key, a.pool_key]));
    for (const f of tables.fact_record_cost!) {
      expect(f.origin).toBe("ALLOCATED");
      expect(activities.get(f.activity_key!)).toBe(f.pool_key);
    }
    // Step 1 moves the whole ledger into pools.
    expect(
      sum(
        tables.fact_flow!.filter((f) => f.step === "1"),
        "amount",
      ),
    ).toBe(gl);
    for (const name of Object.keys(tables)) {
      expect(readme).toContain(`## ${name}`);
      for (const column of Object.keys(tables[name]![0] ?? {})) expect(readme).toContain(`| ${column} |`);
    }
  });

  it("Parquet: read back with a Parquet reader, the same sums", async () => {
    const entries = unzipSync(await exported(scenario, "BI_PARQUET"));
    expect(Object.keys(entries)).toContain("README.md");
    const read = async (name: string) => {
      const bytes = entries[`${name}.parquet`]!;
      const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      return (await parquetReadObjects({ file })) as Record<string, unknown>[];
    };
    const facts = await read("fact_record_cost");
    const unallocated = await read("fact_unallocated");
    const records = await read("dim_record");
    expect(sum(facts, "amount") + sum(unallocated, "amount")).toBe(560_000 * 100);
    expect(costByIdentifier(facts, records)).toEqual(expected.step4_cost_by_customer);
    expect(typeof records[0]!.record_key === "bigint" || typeof records[0]!.record_key === "number").toBe(
      true,
    );
  });

  it("XLSX: one workbook, a README sheet and a sheet per table", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await exported(scenario, "BI_XLSX")) as never);
    const names = workbook.worksheets.map((w) => w.name);
    expect(names[0]).toBe("README");
    expect(names).toContain("fact_record_cost");
    const sheet = workbook.getWorksheet("fact_record_cost")!;
    const header = (sheet.getRow(1).values as unknown[]).indexOf("amount");
    let total = 0;
    sheet.eachRow((row, n) => {
      if (n > 1) total += cents(Number(row.getCell(header).value));
    });
    expect(total).toBe(expected.total_assigned_to_customers * 100);
  });
});

describe("BI template of reciprocal-support-departments", () => {
  const dir = acceptanceBundle("reciprocal-support-departments");
  const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8"));

  it("gives the step-2 flows of expected.json, and the ledger in step 1", async () => {
    const scenario = await calculated("reciprocal-support-departments");
    const { tables } = csvTables(await exported(scenario, "BI_CSV"));
    const flows = tables
      .fact_flow!.filter((f) => f.step === "2")
      .map((f) => ({
        source: f.source_code,
        destination: f.destination_code,
        amount: Number(f.amount),
        ...(f.reciprocal === "true" ? { reciprocal: true } : {}),
      }));
    expect(flows).toEqual(expect.arrayContaining(expected.step2.flows));
    expect(flows).toHaveLength(expected.step2.flows.length);
    const accounts = tables.dim_account!;
    expect(accounts.length).toBeGreaterThan(0);
    expect(tables.fact_record_cost).toHaveLength(0);
  }, 180_000);
});

/** The trace-roll-up bundle imported, calculated (calculate-all) and exported as BI CSV. */
async function rollUpCsv() {
  const dir = fileURLToPath(new URL("../reports/fixtures/trace-roll-up/", import.meta.url));
  const { scenario } = await importBundle(t.app, access, dir);
  const requested = await call("POST", "/calculation/calculate-all/", { scenario });
  expect((await waitForRun(call, scenario, requested.json().calculation_id, 120_000)).status).toBe(
    "FINISHED",
  );
  return csvTables(await exported(scenario, "BI_CSV"));
}

describe("BI template of a model with step-5 pushes (reports/fixtures/trace-roll-up)", () => {
  it("splits each record's resting cost into step-4 allocations and step-5 pushes, and keeps the ledger whole", async () => {
    const { tables, readme } = await rollUpCsv();
    const facts = tables.fact_record_cost!;
    expect(new Set(facts.map((f) => f.origin))).toEqual(new Set(["ALLOCATED", "RECEIVED", "SENT"]));
    const byRecord: Record<string, number> = {};
    for (const f of facts) byRecord[f.record_key!] = (byRecord[f.record_key!] ?? 0) + cents(Number(f.amount));
    for (const r of tables.fact_record!)
      expect(byRecord[r.record_key!] ?? 0, r.record_key).toBe(cents(Number(r.resting)));
    const gl = Number(/General-ledger total: (\d+(?:\.\d+)?)/.exec(readme)![1]) * 100;
    expect(sum(facts, "amount") + sum(tables.fact_unallocated!, "amount")).toBe(Math.round(gl));
  }, 180_000);
});

describe("BI template of a run past its detail limit (reports/fixtures/trace-roll-up, limit 3)", () => {
  it("gives the records without detail arrays one REST row each, and keeps every record and the ledger whole", async () => {
    const saved = RUN_SETTINGS.detailLimit;
    RUN_SETTINGS.detailLimit = 3;
    try {
      const { tables, readme } = await rollUpCsv();
      const facts = tables.fact_record_cost!;
      const rest = facts.filter((f) => f.origin === "REST");
      expect(rest.length).toBeGreaterThan(0);
      expect(rest.every((f) => f.activity_key === "" && f.step === "")).toBe(true);
      expect(facts.some((f) => f.origin === "ALLOCATED")).toBe(true);
      const byRecord: Record<string, number> = {};
      for (const f of facts)
        byRecord[f.record_key!] = (byRecord[f.record_key!] ?? 0) + cents(Number(f.amount));
      for (const r of tables.fact_record!)
        expect(byRecord[r.record_key!] ?? 0, r.record_key).toBe(cents(Number(r.resting)));
      const gl = Number(/General-ledger total: (\d+(?:\.\d+)?)/.exec(readme)![1]) * 100;
      expect(sum(facts, "amount") + sum(tables.fact_unallocated!, "amount")).toBe(Math.round(gl));
    } finally {
      RUN_SETTINGS.detailLimit = saved;
    }
  }, 180_000);
});

describe("BI template of a model with every P&L line category (reports/bundles/pnl-categories)", () => {
  let scenario: number;
  beforeAll(async () => {
    const dir = fileURLToPath(new URL("../reports/bundles/pnl-categories/", import.meta.url));
    ({ scenario } = await importBundle(t.app, access, dir));
    const requested = await call("POST", "/calculation/calculate-all/", { scenario });
    expect((await waitForRun(call, scenario, requested.json().calculation_id, 120_000)).status).toBe(
      "FINISHED",
    );
  }, 180_000);

  /**
   * A cell as both formats compare it: empty for null, numbers by value ("12.30" = 12.3), text as
   * a spreadsheet gets it (the CSV neutralises formula-looking text, Parquet keeps it as it is).
   */
  const cell = (value: unknown): string => {
    if (value === null || value === undefined || value === "") return "";
    if (typeof value === "string")
      return /^-?\d+(\.\d+)?$/.test(value) ? String(Number(value)) : String(neutraliseCell(value));
    return String(value);
  };
  /** The rows of a table, each as its cells joined, sorted (row order is not part of the template). */
  const rowsOf = (rows: Record<string, unknown>[], columns: string[]) =>
    rows.map((row) => columns.map((column) => cell(row[column])).join("|")).sort();

  it("CSV and Parquet hold the same rows in every table, and fact_pnl_line names its lines", async () => {
    const csv = csvTables(await exported(scenario, "BI_CSV")).tables;
    const parquet = unzipSync(await exported(scenario, "BI_PARQUET"));
    const names = Object.keys(csv).sort();
    expect(names).toHaveLength(12);
    for (const name of names) {
      const bytes = parquet[`${name}.parquet`]!;
      const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      const fromParquet = (await parquetReadObjects({ file })) as Record<string, unknown>[];
      const columns = Object.keys(fromParquet[0] ?? csv[name]![0] ?? {});
      expect(Object.keys(csv[name]![0] ?? {}), name).toEqual(columns);
      expect(rowsOf(csv[name]!, columns), name).toEqual(rowsOf(fromParquet, columns));
    }
    // Every value of fact_pnl_line names a line of dim_pnl_line by key and code, once per record and line.
    const lines = new Map(csv.dim_pnl_line!.map((l) => [l.line_key, l.line_code]));
    expect(lines.size).toBeGreaterThan(0);
    const facts = csv.fact_pnl_line!;
    expect(facts.length).toBeGreaterThan(0);
    for (const f of facts) expect(lines.get(f.line_key!), JSON.stringify(f)).toBe(f.line_code);
    const perRecord = new Set(facts.map((f) => `${f.record_key}|${f.line_key}`));
    expect(perRecord.size).toBe(facts.length);
    expect(csv.dim_record_driver!.length).toBeGreaterThan(0);
  }, 120_000);
});
