import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";

// Benchmark (not a test): the product as `npm start` runs it (apps/api/src/main.ts in its own
// process, demo company and demo model seeded on first start), under 200 concurrent connections
// for 20 s per call: GET auth/users/me/, a data table page (cost/financial-accounts/get-table/) and
// a result page (calculation/dimension-results/, after a calculate-all of the demo scenario).
//
//   npm run bench:load                      # PostgreSQL (DATABASE_URL, default 127.0.0.1:5432/test) and embedded
//   npm run bench:load -- --driver pglite --connections 200 --duration 20
//
// The connections are spread over `--sessions` logins of the demo administrator (default 50), so
// what the server keeps per session (the caller of GET requests, for a second) is shared by a
// few connections each, not by all 200.
//
// PostgreSQL runs in a fresh schema (dropped afterwards), the embedded database in a fresh
// temporary data directory. Results in docs/performance.md ("Load").

const { values } = parseArgs({
  options: {
    driver: { type: "string", default: "both" },
    connections: { type: "string", default: "200" },
    duration: { type: "string", default: "20" },
    port: { type: "string", default: "3291" },
    sessions: { type: "string", default: "50" },
    /** LOG_LEVEL of the server (the product's default when not given). */
    "log-level": { type: "string" },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const port = Number(values.port);
const sessions = Math.max(1, Number(values.sessions));
const databaseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const drivers = values.driver === "both" ? ["postgres", "pglite"] : [values.driver ?? "postgres"];
const root = fileURLToPath(new URL("../../../", import.meta.url));
const base = `http://127.0.0.1:${port}/api/v1`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Row {
  driver: string;
  call: string;
  p50: number;
  p99: number;
  max: number;
  rps: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

async function waitUntilUp(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${base}/auth/users/me/`);
      if (response.status === 401) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error("the server did not start within 180 s");
}

async function call(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Calculates the demo scenario and waits for the run to finish, so result pages have data. */
async function calculate(token: string, scenario: number): Promise<void> {
  const started = await call(token, "POST", "/calculation/calculate-all/", { scenario });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const page = await call(
      token,
      "GET",
      `/calculation/calculations/?scenario=${scenario}&category=ALL&limit=1`,
    );
    const row = page.results[0] as { id: number; status: string } | undefined;
    if (row && row.id === started.calculation_id) {
      if (row.status === "FINISHED") return;
      if (row.status === "ERROR" || row.status === "STOPPED")
        throw new Error(`calculation ${row.id} ended ${row.status}`);
    }
    await sleep(500);
  }
  throw new Error("the calculation did not finish within 300 s");
}

async function hammer(driver: string, name: string, path: string, tokens: string[]): Promise<Row> {
  let next = 0;
  const result = await autocannon({
    url: `${base}${path}`,
    connections,
    duration,
    // Connection i speaks for session i mod sessions.
    setupClient: (client) => client.setHeaders({ authorization: `Bearer ${tokens[next++ % tokens.length]}` }),
  });
  return {
    driver,
    call: name,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

async function runDriver(driver: string): Promise<Row[]> {
  // Logins are rate limited per address and e-mail: the benchmark's logins come from one.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    COSTFLOW_RATE_LIMIT_MAX: String(Math.max(10, sessions + 5)),
  };
  if (values["log-level"]) env.LOG_LEVEL = values["log-level"];
  let cleanup = async () => {};
  if (driver === "postgres") {
    const schema = `bench_load_${process.pid}`;
    env.DATABASE_URL = databaseUrl;
    env.DATABASE_SCHEMA = schema;
    cleanup = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.query(`drop schema if exists ${schema}_pgboss cascade`);
      await client.end();
    };
  } else {
    delete env.DATABASE_URL;
    const dir = mkdtempSync(join(tmpdir(), "costflow-bench-load-"));
    env.PGLITE_DATA_DIR = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const server = spawn(join(root, "node_modules/.bin/tsx"), ["apps/api/src/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitUntilUp(server);
    const tokens: string[] = [];
    for (let i = 0; i < sessions; i++) {
      const login = await fetch(`${base}/auth/jwt/create`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@costflow.demo", password: "costflow-demo" }),
      });
      if (!login.ok) throw new Error(`login ${i + 1}: ${login.status} ${await login.text()}`);
      tokens.push(((await login.json()) as { access: string }).access);
    }
    const access = tokens[0]!;
    const me = await call(access, "GET", "/auth/users/me/");
    const scenario: number = me.settings.selected_scenario;
    await calculate(access, scenario);
    const calls: [string, string][] = [
      ["GET auth/users/me/", "/auth/users/me/"],
      ["data table page", `/cost/financial-accounts/get-table/?scenario=${scenario}&limit=10`],
      ["result page", `/calculation/dimension-results/?scenario=${scenario}&limit=10&ordering=-profit`],
    ];
    for (const [, path] of calls) await call(access, "GET", path); // each answers 200 before the load
    const rows: Row[] = [];
    for (const [name, path] of calls) {
      const row = await hammer(driver, name, path, tokens);
      console.log(JSON.stringify(row));
      rows.push(row);
    }
    return rows;
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await cleanup();
  }
}

const all: Row[] = [];
for (const driver of drivers) all.push(...(await runDriver(driver)));
console.log(
  `\n${connections} connections over ${sessions} sessions, ${duration} s per call\n` +
    "| database | call | p50 ms | p99 ms | max ms | req/s | errors | time-outs | non-2xx |\n" +
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n" +
    all
      .map(
        (r) =>
          `| ${r.driver === "postgres" ? "PostgreSQL" : "PGlite (embedded)"} | ${r.call} | ${r.p50} | ${r.p99} | ${r.max} | ${r.rps} | ${r.errors} | ${r.timeouts} | ${r.non2xx} |`,
      )
      .join("\n"),
);
