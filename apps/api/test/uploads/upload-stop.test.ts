import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, demoCompanyId, eventually, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { expectError, modelData, type Uploader, uploader } from "./upload-helpers.ts";

// A stop request ends a file STOPPED with nothing written: before its job starts (an API process
// without workers takes the upload; a worker process started later finds the request) and while
// the job reads the file.

const uploadDir = mkdtempSync(join(tmpdir(), "costflow-uploads-"));
process.env.UPLOAD_DIR = uploadDir;

let t: TestApp;
let apiOnly: Uploader;
let access: string;
let scenario: number;
let dimension: number;
let data: ReturnType<typeof modelData>;

beforeAll(async () => {
  t = await startTestApp({ runWorkers: false });
  access = (await login(t.app, "client@costflow.demo")).access;
  const call = as(t.app, access);
  const model = (await call("POST", "/models/", { name: "Stops" })).json().id;
  scenario = (await call("POST", "/model/scenarios/", { model, name: "Base" })).json().id;
  data = modelData(t.database, await demoCompanyId(t.database), model);
  dimension = (await data.dimension("LINES", [{ name: "amount", dataType: "DECI" }])).id;
  apiOnly = uploader(t.app, access);
});
afterAll(async () => {
  await t?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

const linesFile = (rows: number) => ({
  name: "lines.csv",
  content: `identifier,amount\n${Array.from({ length: rows }, (_, i) => `L${i},${i % 100}.25`).join("\n")}\n`,
});

describe("stopping an upload", () => {
  let worker: FastifyInstance;

  it("(an upload whose scenario is deleted before its job runs leaves no file behind)", async () => {
    const call = as(t.app, access);
    const model = (await call("GET", `/model/scenarios/${scenario}/`)).json().model;
    const doomed = (await call("POST", "/model/scenarios/", { model, name: "Doomed" })).json().id;
    const response = await apiOnly.upload(
      { scenario: doomed, kind: "RECORDS", mode: "MERGE", dimension },
      linesFile(3),
    );
    expect(response.statusCode, response.body).toBe(202);
    expect(readdirSync(uploadDir)).toHaveLength(1);
    expect((await call("DELETE", `/model/scenarios/${doomed}/`)).statusCode).toBe(204);
    expect((await apiOnly.get(`/uploads/${response.json().id}/`)).statusCode).toBe(404);
    // The worker started by the next test takes this job up first and removes the file.
  });

  it("before its job has started: the worker that takes it up stops it at once", async () => {
    const response = await apiOnly.upload(
      { scenario, kind: "RECORDS", mode: "REPLACE", dimension },
      linesFile(10),
    );
    expect(response.statusCode, response.body).toBe(202);
    const id = response.json().id;
    const stop = await apiOnly.post(`/uploads/${id}/stop/`);
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toMatchObject({ id, status: "PROCESSING", stop_requested: true });

    worker = await t.another({ runWorkers: true });
    const done = await uploader(worker, access).finished(id);
    expect(done).toMatchObject({ status: "STOPPED", errors: [], errors_count: 0, rows_done: 0 });
    expect(await data.recordRows(scenario, dimension)).toEqual([]);
    await eventually(async () => expect(readdirSync(uploadDir)).toEqual([]));
    // The notification is written after the staged file is removed: wait for it too.
    await eventually(async () => {
      const notifications = (await as(t.app, access)("GET", "/account/notifications/")).json();
      expect(notifications.results[0]).toMatchObject({ title: "File processing stopped" });
    });

    const again = expectError(await apiOnly.post(`/uploads/${id}/stop/`), 409, "CONFLICT", "status");
    expect(again.errors[0].message).toBe("only a file that is still being processed can be stopped");
  });

  it("while the file is being read: it ends STOPPED and the records stay as they were", async () => {
    const keep = await uploader(worker, access).process(
      { scenario, kind: "RECORDS", mode: "MERGE", dimension },
      { name: "keep.csv", content: "identifier,amount\nK1,1\n" },
    );
    expect(keep.status).toBe("PROCESSED");

    const u = uploader(worker, access);
    const response = await u.upload(
      { scenario, kind: "RECORDS", mode: "REPLACE", dimension },
      linesFile(300_000),
    );
    expect(response.statusCode, response.body).toBe(202);
    const id = response.json().id;
    // Wait for the first progress report: the job is then reading the file.
    const running = await eventually(async () => {
      const detail = (await u.get(`/uploads/${id}/`)).json();
      expect(detail.rows_done).toBeGreaterThan(0);
      return detail;
    }, 120_000);
    expect(running.status).toBe("PROCESSING");
    expect(running.progress).toBeGreaterThan(0);
    expect(running.progress).toBeLessThan(1);
    expect(running.rows_total).toBeGreaterThanOrEqual(running.rows_done);

    expect((await u.post(`/uploads/${id}/stop/`)).statusCode).toBe(200);
    const done = await u.finished(id, 120_000);
    expect(done.status).toBe("STOPPED");
    expect(await data.recordRows(scenario, dimension)).toEqual([{ identifier: "K1", fields: { amount: 1 } }]);
  }, 300_000);
});
