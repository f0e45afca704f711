import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawZip, storedEntry, zerosDeflated } from "../helpers/hostile-zip.ts";
import {
  API,
  as,
  bearer,
  demoCompanyId,
  eventually,
  login,
  startTestApp,
  type TestApp,
} from "../helpers/test-app.ts";
import { modelData, type Uploader, uploader } from "./upload-helpers.ts";

// Hostile uploads (docs/uploads.md): files are read in a thread of their own with caps on
// columns, rows and a workbook's inflated size, so a hostile file ends in ERROR naming the cap
// while other users' requests are answered as usual. The latencies of a concurrent
// `GET auth/users/me/` are logged for the report, beside those of the same requests without any
// file being processed; they are not asserted (on a shared, overloaded machine any bound flakes).

const uploadDir = mkdtempSync(join(tmpdir(), "costflow-uploads-"));
process.env.UPLOAD_DIR = uploadDir;

let t: TestApp;
let u: Uploader;
let access: string;
let scenario: number;
let dimension: number;
let data: ReturnType<typeof modelData>;

beforeAll(async () => {
  t = await startTestApp();
  access = (await login(t.app, "client@costflow.demo")).access;
  const call = as(t.app, access);
  const model = (await call("POST", "/models/", { name: "Hostile files" })).json().id;
  scenario = (await call("POST", "/model/scenarios/", { model, name: "Base" })).json().id;
  data = modelData(t.database, await demoCompanyId(t.database), model);
  dimension = (await data.dimension("LINES", [{ name: "amount", dataType: "DECI" }])).id;
  u = uploader(t.app, access);
  const kept = await u.process(
    { scenario, kind: "RECORDS", mode: "MERGE", dimension },
    { name: "keep.csv", content: "identifier,amount\nK1,1\n" },
  );
  expect(kept.status).toBe("PROCESSED");
}, 300_000);
afterAll(async () => {
  await t?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

/** The latencies of `GET auth/users/me/` with nothing else going on, logged for comparison. */
async function baseline(label: string) {
  const latencies: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await t.app.inject({ method: "GET", url: `${API}/auth/users/me/`, headers: bearer(access) });
    latencies.push(performance.now() - started);
  }
  const sorted = latencies.sort((a, b) => a - b);
  console.info(`${label} baseline: median ${sorted[10]!.toFixed(1)} ms, max ${sorted[19]!.toFixed(1)} ms`);
}

/**
 * Uploads the file and, until its processing has ended, asks `GET auth/users/me/` over and over as
 * another user would. Answers the upload's outcome and the latencies (ms) of those requests.
 */
async function processWhileMeasuring(name: string, content: Buffer | string, mode = "REPLACE") {
  await baseline(name);
  const accepted = await u.upload({ scenario, kind: "RECORDS", mode, dimension }, { name, content });
  expect(accepted.statusCode, accepted.body).toBe(202);
  const id = accepted.json().id;
  const latencies: number[] = [];
  for (let i = 0; ; i++) {
    const started = performance.now();
    const me = await t.app.inject({ method: "GET", url: `${API}/auth/users/me/`, headers: bearer(access) });
    latencies.push(performance.now() - started);
    expect(me.statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve)); // as between requests over a socket
    if (i % 5 === 0) {
      const detail = (await u.get(`/uploads/${id}/`)).json();
      if (detail.status !== "PROCESSING") {
        const max = latencies.reduce((a, b) => Math.max(a, b), 0);
        const sorted = [...latencies].sort((a, b) => a - b);
        const median = sorted[Math.floor(sorted.length / 2)]!;
        console.info(
          `${name}: ${latencies.length} concurrent GET me, median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
        );
        return { detail, max };
      }
    }
  }
}

/**
 * 5,000 rows each with one value in column XFD (16,384), as the probe's 27 KB workbook. Written
 * part by part: exceljs's writer would itself build 16,384 cells per row.
 */
function xfdWorkbook(): Buffer {
  const rows = [
    '<row r="1"><c r="A1" t="inlineStr"><is><t>identifier</t></is></c><c r="B1" t="inlineStr"><is><t>amount</t></is></c></row>',
  ];
  for (let r = 2; r <= 5001; r++) rows.push(`<row r="${r}"><c r="XFD${r}"><v>1</v></c></row>`);
  const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const files = {
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Lines" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    "xl/worksheets/sheet1.xml": `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${main}"><sheetData>${rows.join("")}</sheetData></worksheet>`,
  };
  return Buffer.from(
    zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))),
  );
}

describe("hostile uploads", () => {
  it("a workbook with 5,000 rows holding one value in column XFD ends in ERROR (too many columns) at once", async () => {
    const file = xfdWorkbook();
    expect(file.length).toBeLessThan(60_000);
    const started = performance.now();
    const { detail } = await processWhileMeasuring("xfd.xlsx", file);
    console.info(
      `xfd.xlsx: refused after ${(performance.now() - started).toFixed(0)} ms, ${file.length} bytes`,
    );
    expect(detail.status).toBe("ERROR");
    expect(detail.errors[0]).toMatchObject({ line: 2, reason: "too_many_columns" });
    expect(detail.errors[0].message).toContain("1000");
    expect(await data.recordRows(scenario, dimension)).toEqual([{ identifier: "K1", fields: { amount: 1 } }]);
  }, 300_000);

  it("a workbook whose sheet declares 1.2 GB once inflated (a 1.2 MB zip bomb) ends in ERROR before it is inflated", async () => {
    const bomb = rawZip([
      storedEntry(
        "[Content_Types].xml",
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
      { name: "xl/worksheets/sheet1.xml", data: await zerosDeflated(1200), size: 1200 << 20 },
    ]);
    const { detail } = await processWhileMeasuring("bomb.xlsx", bomb);
    expect(detail.status).toBe("ERROR");
    expect(detail.errors[0]).toMatchObject({ reason: "too_large_inflated" });
    expect(await data.recordRows(scenario, dimension)).toEqual([{ identifier: "K1", fields: { amount: 1 } }]);
  }, 300_000);

  it("a workbook that lies about its sizes is refused as unreadable, without stalling the server", async () => {
    const liar = rawZip([{ name: "xl/worksheets/sheet1.xml", data: await zerosDeflated(1200), size: 1000 }]);
    const { detail } = await processWhileMeasuring("liar.xlsx", liar);
    expect(detail.status).toBe("ERROR");
    expect(["unreadable", "too_large_inflated"]).toContain(detail.errors[0].reason);
  }, 300_000);

  it("a CSV row with more than UPLOAD_MAX_COLUMNS values, and a file with more than UPLOAD_MAX_ROWS rows, end in ERROR", async () => {
    const wide = `identifier,amount\nA1,1\nA2,${",".repeat(1000)}\n`;
    const columns = await u.process(
      { scenario, kind: "RECORDS", mode: "MERGE", dimension },
      { name: "wide.csv", content: wide },
    );
    expect(columns.status).toBe("ERROR");
    expect(columns.errors[0]).toMatchObject({ line: 3, reason: "too_many_columns" });

    process.env.UPLOAD_MAX_ROWS = "3";
    try {
      const long = `identifier,amount\n${Array.from({ length: 5 }, (_, i) => `R${i},1`).join("\n")}\n`;
      const rows = await u.process(
        { scenario, kind: "RECORDS", mode: "MERGE", dimension },
        { name: "long.csv", content: long },
      );
      expect(rows.status).toBe("ERROR");
      expect(rows.errors[0]).toMatchObject({ reason: "too_many_rows" });
      expect(rows.errors[0].message).toContain("3");
      const fine = await u.process(
        { scenario, kind: "RECORDS", mode: "MERGE", dimension },
        { name: "fine.csv", content: "identifier,amount\nK1,1\nK2,2\nK3,3\n" },
      );
      expect(fine.status).toBe("PROCESSED");
    } finally {
      delete process.env.UPLOAD_MAX_ROWS;
    }
    await eventually(async () => expect(readdirSync(uploadDir)).toEqual([]));
  }, 300_000);
});
