import { parseArgs } from "node:util";
import { seedDemo } from "@costflow/db/seed";
import { createTestDatabase } from "@costflow/db/test-database";
import { type BenchSize, isBenchSize } from "@costflow/engine/bench/bench-sizes";
import { generateModel } from "@costflow/engine/bench/generate-model";
import { buildApp } from "../src/app.ts";
import { hashPassword } from "../src/lib/passwords.ts";
import { saveModelData } from "../src/modules/model-io/save-model-data.ts";

// Benchmark (not a test): "calculate all" end to end on PostgreSQL, from the request to results
// readable through the API, with the API's latency (GET auth/users/me/) sampled while it runs.
//
//   DATABASE_URL=postgres://... npx tsx apps/api/scripts/bench-calculate.ts --size M --runs 3
//
// A fresh schema is created and dropped; the benchmark company's model (engine bench generator,
// same seed = same data) is saved with the import service, then calculated --runs times.

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "M" },
    seed: { type: "string", default: "1" },
    runs: { type: "string", default: "3" },
  },
});
const size = values.size ?? "M";
if (!isBenchSize(size)) throw new Error(`--size must be S, M or L, not ${size}`);
if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL: the benchmark runs on PostgreSQL");
const runs = Number(values.runs);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : Number.NaN;
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : Number.NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

const database = await createTestDatabase();
try {
  await seedDemo(database.db, { hashPassword });
  const app = await buildApp({
    database,
    logger: { level: "error" },
    config: { webDist: null, authRateLimit: { max: 100_000, windowMs: 60_000 } },
  });
  const login = await app.inject({
    method: "POST",
    url: "/api/v1/auth/jwt/create",
    payload: { email: "admin@costflow.demo", password: "costflow-demo" },
  });
  const headers = { authorization: `Bearer ${login.json().access}` };
  const get = (url: string) => app.inject({ method: "GET", url: `/api/v1${url}`, headers });
  const me = (await get("/auth/users/me/")).json();
  const companyId: number = me.selected_company;

  let t = performance.now();
  const model = generateModel(size as BenchSize, Number(values.seed));
  let records = 0;
  for (const r of model.records.values()) records += r.identifiers.length;
  console.log(`generated ${size}: ${records} records in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  const saved = await saveModelData(database.db, companyId, me.id, model);
  console.log(`saved (import service) in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const results: {
    total: number;
    reports: number;
    p95: number;
    p50: number;
    samples: number;
    rss: number;
    logs: string[];
  }[] = [];
  for (let run = 1; run <= runs; run++) {
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let running = true;
    const latencies: number[] = [];
    // The API's responsiveness while the run goes on: one /me after the other, 20 ms apart.
    const sampler = (async () => {
      while (running) {
        const at = performance.now();
        const response = await get("/auth/users/me/");
        if (response.statusCode !== 200) break;
        latencies.push(performance.now() - at);
        peak = Math.max(peak, process.memoryUsage().rss);
        await sleep(20);
      }
    })();

    const startedAt = performance.now();
    const requestedAt = Date.now();
    const requested = await app.inject({
      method: "POST",
      url: "/api/v1/calculation/calculate-all/",
      headers,
      payload: { scenario: saved.scenario },
    });
    if (requested.statusCode !== 201) throw new Error(requested.body);
    const id: number = requested.json().calculation_id;
    // Results readable: the last step's category row of this run FINISHED and a result page served.
    const statusOf = async (category: string) =>
      (await get(`/calculation/calculations/?scenario=${saved.scenario}&category=${category}&limit=1`)).json()
        .results[0] as { status: string; parent: number | null; id: number } | undefined;
    const fail = async (status: string) => {
      running = false;
      const logs = (await get(`/calculation/logs/?calculation=${id}&limit=100`)).json();
      throw new Error(
        `run ${id} ended ${status}: ${JSON.stringify(logs.results.map((l: { detail: string }) => l.detail))}`,
      );
    };
    for (;;) {
      const row = await statusOf("CALCULATED_DRIVER_TO_DIMENSION");
      if (row?.parent === id && row.status === "FINISHED") break;
      if (row?.parent === id && (row.status === "ERROR" || row.status === "STOPPED")) await fail(row.status);
      await sleep(100);
    }
    const page = await get(`/calculation/dimension-results/?scenario=${saved.scenario}&limit=10`);
    if (page.statusCode !== 200) throw new Error(page.body);
    const total = performance.now() - startedAt;
    for (;;) {
      const row = await statusOf("ALL");
      if (row?.id === id && row.status === "FINISHED") break;
      if (row?.id === id && (row.status === "ERROR" || row.status === "STOPPED")) await fail(row.status);
      await sleep(100);
    }
    const reports = performance.now() - startedAt;
    running = false;
    await sampler;
    const logs = (await get(`/calculation/logs/?calculation=${id}&limit=100&ordering=id`))
      .json()
      .results.map(
        (l: { detail: string; at: string }) =>
          `+${((Date.parse(l.at) - requestedAt) / 1000).toFixed(1)} s ${l.detail}`,
      );
    results.push({
      total,
      reports,
      p95: percentile(latencies, 95),
      p50: percentile(latencies, 50),
      samples: latencies.length,
      rss: peak,
      logs,
    });
    console.log(
      `run ${run}: ${(total / 1000).toFixed(2)} s request -> step results readable, ${(reports / 1000).toFixed(2)} s -> reports too; /me p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms (${latencies.length} calls); peak RSS ${mb(peak)} MB (before ${mb(baseline)} MB)`,
    );
    for (const line of logs)
      if (/loaded|Step|saved|prepared|Finished|detail|Error/.test(line)) console.log(`    ${line}`);
  }
  console.log(
    `median of ${runs}: ${(median(results.map((r) => r.total)) / 1000).toFixed(2)} s to step results, ${(median(results.map((r) => r.reports)) / 1000).toFixed(2)} s to reports; /me p95 ${median(results.map((r) => r.p95)).toFixed(1)} ms; peak RSS ${mb(median(results.map((r) => r.rss)))} MB; max RSS of the process ${mb(process.resourceUsage().maxRSS * 1024)} MB`,
  );
  await app.close();
} finally {
  await database.close();
}
