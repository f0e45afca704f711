import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { acceptanceBundle } from "@costflow/engine/test-support/shared-fixtures";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { exportTestHooks } from "../../src/modules/export-files/process-export.ts";
import { type Call, importBundle, waitForRun } from "../calculation/helpers.ts";
import { as, eventually, login, startTestApp, type TestApp } from "../helpers/test-app.ts";

// Issue 10, item 6: a stop requested while the BI writer is running (not before it starts) and a
// failure partway through the writing both end with the file row in ERROR and no partial file on
// disk or in the list. Real parts: the database, the queue, the worker, the BI writer, the local
// file store. The only test-only piece is exportTestHooks.duringWrite (process-export.ts), awaited
// at each progress report of the writer: the acceptance bundle's file is written in milliseconds,
// so without it there is no moment to act "while the writer runs". The failure is a fault thrown
// from that hook, i.e. from inside the writer's progress call, after part of the zip was written.

const DIR = mkdtempSync(join(tmpdir(), "costflow-stop-"));
process.env.EXPORT_FILES_DIR = DIR;

let t: TestApp;
let call: Call;
let scenario: number;
beforeAll(async () => {
  t = await startTestApp();
  const { access } = await login(t.app, "admin@costflow.demo");
  call = as(t.app, access);
  ({ scenario } = await importBundle(t.app, access, acceptanceBundle("tdabc-customer-service")));
  const requested = await call("POST", "/calculation/calculate-all/", { scenario });
  expect((await waitForRun(call, scenario, requested.json().calculation_id, 120_000)).status).toBe(
    "FINISHED",
  );
}, 180_000);
afterEach(() => {
  delete exportTestHooks.duringWrite;
});
afterAll(async () => t?.close());

/** The stored files of a file id (`<company>/<id>`): the final one and the temporary `.part`. */
const filesOf = (id: number) =>
  readdirSync(DIR, { recursive: true })
    .map(String)
    .filter((name) => name.includes("/") && [`${id}`, `${id}.part`].includes(name.split("/").pop()!));

/** Requests a BI file; `during` runs once, at the writer's first progress report. */
async function exportWith(dataType: string, during: (id: number) => Promise<void>) {
  let seen = false;
  exportTestHooks.duringWrite = async (id) => {
    if (seen) return;
    seen = true;
    // The writer is running: the temporary file exists, nothing is published yet.
    expect(filesOf(id)).toEqual([expect.stringMatching(/\.part$/)]);
    await during(id);
  };
  const requested = await call("POST", "/export/files/", { scenario, data_type: dataType });
  expect(requested.statusCode, requested.body).toBe(201);
  const id: number = requested.json().id;
  const row = await eventually(async () => {
    const file = (await call("GET", `/export/files/${id}/`)).json();
    expect(file.status).not.toBe("PROCESSING");
    return file;
  }, 30_000);
  expect(seen, "the writer reached its first progress report").toBe(true);
  return { id, row };
}

/** The writers' temporary folders of `prefix` that were not there `before`. */
const tempFolders = (prefix: string, before: string[] = []) =>
  readdirSync(tmpdir()).filter((name) => name.startsWith(prefix) && !before.includes(name));

async function expectNothingKept(id: number) {
  expect(filesOf(id)).toEqual([]);
  expect((await call("GET", `/export/files/${id}/download/`)).statusCode).toBe(409);
  const list = (await call("GET", `/export/files/?scenario=${scenario}&limit=100`)).json();
  const listed = list.results.find((r: { id: number }) => r.id === id);
  expect(listed).toMatchObject({ status: "ERROR", download_url: null, size_bytes: null });
}

describe("a BI file that does not end", () => {
  it("stopped while the writer runs: ERROR stopped, the partial file and the temporary tables removed", async () => {
    const before = tempFolders("costflow-csv-");
    const { id, row } = await exportWith("BI_CSV", async (fileId) => {
      const stop = await call("POST", `/export/files/${fileId}/stop/`);
      expect(stop.statusCode, stop.body).toBe(200);
    });
    expect(row).toMatchObject({ status: "ERROR", error: "stopped", can_stop: false });
    await expectNothingKept(id);
    await eventually(async () => expect(tempFolders("costflow-csv-", before)).toEqual([]), 10_000);
  });

  it("Parquet stopped while its two lanes run: ERROR stopped, no file and no temporary table left", async () => {
    const before = tempFolders("costflow-parquet-");
    const { id, row } = await exportWith("BI_PARQUET", async (fileId) => {
      const stop = await call("POST", `/export/files/${fileId}/stop/`);
      expect(stop.statusCode, stop.body).toBe(200);
    });
    expect(row).toMatchObject({ status: "ERROR", error: "stopped", can_stop: false });
    await expectNothingKept(id);
    await eventually(async () => expect(tempFolders("costflow-parquet-", before)).toEqual([]), 10_000);
  });

  it("failing partway through the writing: ERROR failed, the partial file removed", async () => {
    const { id, row } = await exportWith("BI_PARQUET", async () => {
      throw new Error("injected fault partway through the file");
    });
    expect(row).toMatchObject({ status: "ERROR", error: "failed", can_stop: false });
    await expectNothingKept(id);
  });

  it("the next file of the same scenario is written whole (nothing left in the way)", async () => {
    const requested = await call("POST", "/export/files/", { scenario, data_type: "BI_CSV" });
    const id: number = requested.json().id;
    const row = await eventually(async () => {
      const file = (await call("GET", `/export/files/${id}/`)).json();
      expect(file.status).toBe("PROCESSED");
      return file;
    }, 30_000);
    expect(filesOf(id)).toEqual([expect.stringMatching(new RegExp(`/${row.id}$`))]);
  });
});
