import { once } from "node:events";
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dimensionRecords } from "@costflow/db/schema/scenario-data";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API, as, bearer, demoCompanyId, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { modelData, streamedMultipart, uploader } from "./upload-helpers.ts";

// A million-row records file goes through upload, parsing, staging, checks and the write with a
// bounded heap: the file is streamed to disk, read in chunks and loaded by COPY in batches.
// The bound is on memory, not time. On PGlite the load takes several minutes (measured), so
// this runs only on PostgreSQL unless COSTFLOW_LARGE_UPLOAD=1 asks for it.

const ROWS = 1_000_000;
const HEAP_BOUND_BYTES = 300 * 1024 * 1024;
const runIt = !!process.env.DATABASE_URL || process.env.COSTFLOW_LARGE_UPLOAD === "1";

const dir = mkdtempSync(join(tmpdir(), "costflow-large-"));
process.env.UPLOAD_DIR = join(dir, "uploads");

let t: TestApp;
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function writeRecordsFile(path: string): Promise<void> {
  const out = createWriteStream(path);
  out.write("identifier,amount,booked_on,region\n");
  let batch = "";
  for (let i = 1; i <= ROWS; i++) {
    batch += `R${String(i).padStart(7, "0")},${(i % 9973) / 4},2025-${String((i % 12) + 1).padStart(2, "0")}-15,${i % 7 === 0 ? "North" : "South"}\n`;
    if (i % 10_000 === 0) {
      if (!out.write(batch)) await once(out, "drain");
      batch = "";
    }
  }
  out.end(batch);
  await once(out, "finish");
}

describe.runIf(runIt)("a million-row file", () => {
  let access: string;
  let scenario: number;
  let dimensionId: number;
  let companyId: number;

  beforeAll(async () => {
    t = await startTestApp();
    access = (await login(t.app, "client@costflow.demo")).access;
    const call = as(t.app, access);
    const model = (await call("POST", "/models/", { name: "Large upload" })).json();
    scenario = (await call("POST", "/model/scenarios/", { model: model.id, name: "Base" })).json().id;
    companyId = await demoCompanyId(t.database);
    const dimension = await modelData(t.database, companyId, model.id).dimension("LINES", [
      { name: "amount", dataType: "DECI" },
      { name: "booked_on", dataType: "DATE" },
      { name: "region", dataType: "TEXT" },
    ]);
    dimensionId = dimension.id;
  });

  it(
    "is processed with the heap growing by less than 300 MB",
    async () => {
      const file = join(dir, "lines.csv");
      await writeRecordsFile(file);
      const bytes = statSync(file).size;

      globalThis.gc?.();
      const baseline = process.memoryUsage().heapUsed;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }, 100);
      const started = Date.now();
      try {
        const body = streamedMultipart(
          { scenario, kind: "RECORDS", mode: "REPLACE", dimension: dimensionId },
          "lines.csv",
          file,
        );
        const response = await t.app.inject({
          method: "POST",
          url: `${API}/uploads/`,
          headers: { ...bearer(access), ...body.headers },
          payload: body.payload,
        });
        expect(response.statusCode, response.body).toBe(202);
        const done = await uploader(t.app, access).finished(response.json().id, 30 * 60_000);
        expect(done).toMatchObject({
          status: "PROCESSED",
          rows_done: ROWS,
          rows_total: ROWS,
          errors_count: 0,
        });
      } finally {
        clearInterval(sampler);
      }
      const growth = peak - baseline;
      console.log(
        `[large upload] ${ROWS} rows, ${(bytes / 1048576).toFixed(1)} MB, ${t.database.driver}: ` +
          `${((Date.now() - started) / 1000).toFixed(1)} s, heap growth ${(growth / 1048576).toFixed(1)} MB`,
      );
      expect(growth).toBeLessThan(HEAP_BOUND_BYTES);

      const count = await t.database.db.$count(
        dimensionRecords,
        and(eq(dimensionRecords.companyId, companyId), eq(dimensionRecords.dimensionId, dimensionId)),
      );
      expect(count).toBe(ROWS);
    },
    40 * 60_000,
  );
});
