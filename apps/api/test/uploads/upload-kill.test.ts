import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, type DatabaseClient } from "@costflow/db/client";
import { createTestDatabase } from "@costflow/db/test-database";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { demoCompanyId, eventually, login } from "../helpers/test-app.ts";
import { modelData, uploader } from "./upload-helpers.ts";

// kill -9 of the process running an upload (docs/uploads.md, "Lifecycle"): a new instance on the
// same database reaps the upload once its lease has expired — ERROR with "worker_lost", nothing
// written, the staged file removed — and the job is never run again.

const uploadDir = mkdtempSync(join(tmpdir(), "costflow-uploads-"));
const dataDir = mkdtempSync(join(tmpdir(), "costflow-kill-"));
const LEASE = { UPLOAD_LEASE_SECONDS: "2", UPLOAD_REAPER_INTERVAL_MS: "300" };

let testDatabase: DatabaseClient | undefined;
let database: DatabaseClient | undefined;
let app: FastifyInstance | undefined;
afterAll(async () => {
  await app?.close();
  await database?.close();
  await testDatabase?.close();
  rmSync(uploadDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs kill-child.ts until it reports the upload being read, then kills it with SIGKILL. */
async function startAndKill(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", join(import.meta.dirname, "kill-child.ts")], {
    env: { ...process.env, ...env, ...LEASE, UPLOAD_DIR: uploadDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on("exit", (code, signal) => resolve(signal ?? code)),
  );
  const ready = await new Promise<{ upload: number; scenario: number; dimension: number; model: number }>(
    (resolve, reject) => {
      let out = "";
      child.stdout.on("data", (chunk) => {
        out += chunk;
        const line = out.split("\n").find((l) => l.startsWith("{"));
        if (line) resolve(JSON.parse(line));
      });
      void exited.then((code) => reject(new Error(`child exited with ${code}: ${stderr}`)));
    },
  );
  child.kill("SIGKILL");
  expect(await exited).toBe("SIGKILL");
  return ready;
}

describe("an upload whose process is killed", () => {
  it("ends in ERROR after its lease in the next instance, writes nothing, leaves no file and is not run again", async () => {
    let env: Record<string, string>;
    if (process.env.DATABASE_URL) {
      testDatabase = await createTestDatabase();
      env = { KILL_DB_URL: process.env.DATABASE_URL, KILL_DB_SCHEMA: testDatabase.schema! };
    } else {
      env = { KILL_DB_DIR: dataDir };
    }
    const killed = await startAndKill(env);
    expect(readdirSync(uploadDir)).toHaveLength(1);

    Object.assign(process.env, LEASE, { UPLOAD_DIR: uploadDir });
    database = process.env.DATABASE_URL
      ? await createDatabase({ url: process.env.DATABASE_URL, schema: testDatabase!.schema!, poolSize: 4 })
      : await createDatabase({ dataDir });
    app = await buildApp({ database, logger: false, config: { webDist: null, jwtSecret: undefined } });
    const access = (await login(app, "client@costflow.demo")).access;
    const u = uploader(app, access);
    const done = await u.finished(killed.upload, 60_000);
    expect(done).toMatchObject({ status: "ERROR", rows_done: 0 });
    expect(done.errors[0]).toMatchObject({ reason: "worker_lost" });
    expect(done.errors[0].message).toContain("nothing was written");
    const data = modelData(database, await demoCompanyId(database), killed.model);
    expect(await data.recordRows(killed.scenario, killed.dimension)).toEqual([
      { identifier: "K1", fields: { amount: 1 } },
    ]);
    // The reaper ends the row, then removes the staged file and notifies: not in one transaction.
    await eventually(async () => expect(readdirSync(uploadDir)).toEqual([]));
    await eventually(async () => {
      const notifications = (
        await app!.inject({
          method: "GET",
          url: "/api/v1/account/notifications/",
          headers: { authorization: `Bearer ${access}` },
        })
      ).json();
      expect(notifications.results[0].title).toBe("File not loaded");
    });

    // The queue's job never comes back: a while later the upload is still ERROR with nothing written.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await u.get(`/uploads/${killed.upload}/`)).json().status).toBe("ERROR");
    expect(await data.recordRows(killed.scenario, killed.dimension)).toHaveLength(1);
    await eventually(async () => expect(readdirSync(uploadDir)).toEqual([]));
  }, 300_000);
});
