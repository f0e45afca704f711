import { mkdirSync, readdirSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepImportFolders } from "../../src/modules/model-io/import-model.ts";
import { type RawEntry, rawZip, storedEntry, zerosDeflated } from "../helpers/hostile-zip.ts";
import { API, bearer, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { bundleFiles, multipart, TEMPLATES, templatesDir, zipBundle } from "./bundle-helpers.ts";

// Hostile bundles on POST models/import/ (docs/data-model.md, "Model bundles in and out"): a zip
// bomb is refused before it is inflated (honest sizes) or as soon as it passes what it declared,
// entries that would leave the bundle folder are refused by name, and other users' requests keep
// being answered meanwhile. The latencies are logged for the report, not asserted (on a shared,
// overloaded machine any bound flakes).

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = (await login(t.app, "client@costflow.demo")).access;
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const stored = storedEntry;

function importZip(zip: Buffer) {
  const body = multipart(zip);
  return t.app.inject({
    method: "POST",
    url: `${API}/models/import/`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/**
 * Sends the file and, until it is answered, asks `GET auth/users/me/` over and over as another
 * user would; answers the import's response and the latencies of those requests (ms).
 */
async function importWhileMeasuring(zip: Buffer) {
  // Warm the measured call first: its first answers in a fresh app pay for compiling its code
  // paths, which is not the import's doing.
  for (let i = 0; i < 20; i++)
    await t.app.inject({ method: "GET", url: `${API}/auth/users/me/`, headers: bearer(token) });
  let done = false;
  const importing = importZip(zip).finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const me = await t.app.inject({ method: "GET", url: `${API}/auth/users/me/`, headers: bearer(token) });
    latencies.push(performance.now() - started);
    expect(me.statusCode).toBe(200);
    // Let the loop turn, as a request over a socket would: an injected request answered from
    // memory (the caller is cached) would otherwise run in microtasks only and starve the import.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Not Math.max(...latencies): with the caller cached, tens of thousands of requests fit in
  // one import, more arguments than a call takes.
  const max = latencies.reduce((a, b) => Math.max(a, b), 0);
  return { response: await importing, latencies, max };
}

/** Median, 99th percentile and the ten slowest of the latencies, rounded (ms). */
function summary(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return `median ${at(0.5)}, p99 ${at(0.99)}, slowest ${sorted.slice(-10).map(Math.round).join(" ")}`;
}

// Only this process's folders and the test's dead one: other Vitest workers (their own pids) may be
// importing at the same moment, and their folders are theirs to remove.
const DEAD_PID = 99999999;
const importFolders = () =>
  readdirSync(tmpdir()).filter((name) =>
    [process.pid, DEAD_PID].some((pid) =>
      name.startsWith(`costflow-import-${hostname().replace(/\W/g, "_")}-${pid}-`),
    ),
  );

describe("hostile model bundles", () => {
  it("a model.json declared at 1.2 GB (a 1.2 MB zip) is refused with 413 naming the entry, before inflating", async () => {
    const bomb = rawZip([{ name: "model.json", data: await zerosDeflated(1200), size: 1200 << 20 }]);
    expect(bomb.length).toBeLessThan(2 << 20);
    const { response, latencies, max } = await importWhileMeasuring(bomb);
    console.info(
      `honest zip bomb: ${latencies.length} concurrent GET me, max ${max.toFixed(1)} ms`,
      summary(latencies),
    );
    expect(response.statusCode, response.body).toBe(413);
    const body = response.json();
    expect(body.code).toBe("PAYLOAD_TOO_LARGE");
    expect(body.errors[0]).toMatchObject({ field: "file", reason: "entry_too_large" });
    expect(body.errors[0].message).toContain("model.json");
  });

  it("an entry inflating far past the size it declares is stopped there (400 naming the entry), the server stays responsive", async () => {
    const liar = rawZip([{ name: "model.json", data: await zerosDeflated(1200), size: 5000 }]);
    const { response, latencies, max } = await importWhileMeasuring(liar);
    console.info(
      `lying zip bomb: ${latencies.length} concurrent GET me, max ${max.toFixed(1)} ms`,
      summary(latencies),
    );
    expect(response.statusCode, response.body).toBe(400);
    const issue = response.json().issues.find((i: { code: string }) => i.code === "zip");
    expect(issue.detail).toContain("model.json");
  });

  it("a records file of one endless line (1.2 GB of one record) is refused naming the file, without stalling the server", async () => {
    const files = bundleFiles(join(templatesDir, TEMPLATES[0]));
    const entries: RawEntry[] = Object.entries(files)
      .filter(([name]) => name !== "records/ORDERS.csv")
      .map(([name, bytes]) => ({ name, data: Buffer.from(bytes), size: bytes.length, method: 0 as const }));
    entries.push({ name: "records/ORDERS.csv", data: await zerosDeflated(1200), size: 1200 << 20 });
    const { response, latencies, max } = await importWhileMeasuring(rawZip(entries));
    console.info(
      `endless record: ${latencies.length} concurrent GET me, max ${max.toFixed(1)} ms`,
      summary(latencies),
    );
    expect(response.statusCode, response.body).toBe(400);
    const issue = response.json().issues.find((i: { code: string }) => i.code === "csv_syntax");
    expect(issue).toMatchObject({ file: "records/ORDERS.csv", line: 1 });
  }, 120_000);

  it("the archive's inflated total is capped (COSTFLOW_MODEL_IMPORT_MAX_INFLATED_BYTES)", async () => {
    process.env.COSTFLOW_MODEL_IMPORT_MAX_INFLATED_BYTES = "2000";
    try {
      const response = await importZip(zipBundle(join(templatesDir, TEMPLATES[0])));
      expect(response.statusCode, response.body).toBe(413);
      expect(response.json().errors[0]).toMatchObject({
        field: "file",
        reason: "archive_too_large",
      });
      expect(response.json().errors[0].message).toContain("2000");
    } finally {
      delete process.env.COSTFLOW_MODEL_IMPORT_MAX_INFLATED_BYTES;
    }
  });

  it.each(["../accounts.csv", "records/../../etc/passwd", "/etc/passwd", "C:\\evil.csv"])(
    "an entry named %s is refused with a message naming it",
    async (name) => {
      const zip = rawZip([stored("model.json", JSON.stringify({ name: "Escape" })), stored(name, "a,b\n")]);
      const response = await importZip(zip);
      expect(response.statusCode, response.body).toBe(400);
      const issue = response.json().issues[0];
      expect(issue).toMatchObject({ code: "unsafe_path", file: name });
      expect(issue.message).toContain(name);
    },
  );

  it("leaves no temporary folder, and a restarted process removes those of dead processes", async () => {
    expect(importFolders()).toEqual([]);
    const host = hostname().replace(/\W/g, "_");
    // A pid above the kernel's pid_max cannot be running.
    const dead = join(tmpdir(), `costflow-import-${host}-${DEAD_PID}-abc123`);
    const live = join(tmpdir(), `costflow-import-${host}-${process.pid}-abc123`);
    mkdirSync(join(dead, "sub"), { recursive: true });
    mkdirSync(live, { recursive: true });
    try {
      expect(await sweepImportFolders()).toBe(1);
      expect(importFolders()).toEqual([`costflow-import-${host}-${process.pid}-abc123`]);
    } finally {
      await import("node:fs/promises").then((fs) => fs.rm(live, { recursive: true, force: true }));
    }
  });
});
