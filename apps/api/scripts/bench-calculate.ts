import { parseArgs } from "node:util";
import { seedDemo } from "@costflow/db/seed";
import { createTestDatabase } from "@costflow/db/test-database";
import { type BenchSize, isBenchProfile, isBenchSize } from "@costflow/engine/bench/bench-sizes";
import { generateBenchModel } from "@costflow/engine/bench/generate-bundle";
import { hashPassword } from "../src/lib/passwords.ts";
import { saveModelData } from "../src/modules/model-io/save-model-data.ts";
import { benchSession } from "./demo-session.ts";

// Benchmark (not a test): "calculate all" end to end on PostgreSQL, from the request to results
// readable through the API, with the API's latency (GET auth/users/me/) sampled while it runs.
//
//   DATABASE_URL=postgres://... npx tsx apps/api/scripts/bench-calculate.ts --size M --runs 3 [--pages 5]
//
// Run it as `npm start` runs the server, with GLIBC_TUNABLES=glibc.malloc.hugetlb=1 in the
// environment (docs/deployment.md, "Huge pages for calculations"), unless measuring without.
//
// --pages N: after the runs, each result page of the list below (every result call, sorted and
// filtered, first and deep pages) is requested N times; the p50/p95 of all of them and the slowest
// pages are printed.
//
// A fresh schema is created and dropped; the benchmark company's model (engine bench generator,
// same seed = same data) is saved with the import service, then calculated --runs times.

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "M" },
    /** The engine benchmark's profile: light (the default) or dense. */
    profile: { type: "string", default: "light" },
    seed: { type: "string", default: "1" },
    runs: { type: "string", default: "3" },
    /** After the runs: every result page (sorted, filtered, deep) requested this many times. */
    pages: { type: "string", default: "0" },
    /** After the runs: every report call (docs/calculation.md, "Report data") this many times. */
    reports: { type: "string", default: "0" },
    /** After the runs: the results summary, written from the report data, requested once. */
    summary: { type: "boolean", default: false },
    /**
     * Steps 1-6 only (calculation/calculated-driver-results/generate/, no report phase): the
     * process's peak without the reports, to compare with calculate-all's.
     */
    "steps-only": { type: "boolean", default: false },
    /** Leave the schema in place (printed) to look into the stored rows afterwards. */
    keep: { type: "boolean", default: false },
  },
});
const size = values.size ?? "M";
if (!isBenchSize(size)) throw new Error(`--size must be S, M or L, not ${size}`);
const profile = values.profile ?? "light";
if (!isBenchProfile(profile)) throw new Error(`--profile must be light or dense, not ${profile}`);
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
  const { app, headers, get, me } = await benchSession(database);
  const companyId: number = me.selected_company;

  let t = performance.now();
  const model = generateBenchModel(profile, size as BenchSize, Number(values.seed));
  let records = 0;
  for (const r of model.records.values()) records += r.identifiers.length;
  console.log(
    `generated ${profile} ${size}: ${records} records in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  t = performance.now();
  const saved = await saveModelData(companyId, me.id, model, database.db);
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
    const stepsOnly = values["steps-only"] === true;
    const requested = await app.inject({
      method: "POST",
      url: stepsOnly
        ? "/api/v1/calculation/calculated-driver-results/generate/"
        : "/api/v1/calculation/calculate-all/",
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
      // Its run's row: a child of calculate-all's root, or the root of a steps-only run.
      const ours = row?.parent === id || (stepsOnly && row?.id === id);
      if (ours && row?.status === "FINISHED") break;
      if (ours && (row?.status === "ERROR" || row?.status === "STOPPED")) await fail(row!.status);
      await sleep(100);
    }
    const page = await get(`/calculation/dimension-results/?scenario=${saved.scenario}&limit=10`);
    if (page.statusCode !== 200) throw new Error(page.body);
    const total = performance.now() - startedAt;
    for (; !stepsOnly; ) {
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
  if (Number(values.pages) > 0) await benchPages(get, saved.scenario, Number(values.pages));
  if (Number(values.reports) > 0) await benchReports(get, saved.scenario, Number(values.reports));
  if (values.summary) await benchSummary(app, headers, saved.scenario);
  await app.close();
} finally {
  if (values.keep) {
    console.log(`schema kept: ${database.schema} (drop schema ${database.schema} cascade)`);
    process.exit(0);
  }
  await database.close();
}

/** GET calculation/summary/ as a client taking gzip reads it: time, size, the process's peak. */
async function benchSummary(
  app: Awaited<ReturnType<typeof benchSession>>["app"],
  headers: Record<string, string>,
  scenario: number,
): Promise<void> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const watch = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const at = performance.now();
  const response = await app.inject({
    method: "GET",
    url: `/api/v1/calculation/summary/?scenario=${scenario}`,
    headers: { ...headers, "accept-encoding": "gzip" },
    payloadAsStream: true,
  });
  let bytes = 0;
  for await (const chunk of response.stream()) bytes += (chunk as Buffer).length;
  clearInterval(watch);
  console.log(
    `summary: status ${response.statusCode}, ${mb(bytes)} MB gzip in ${((performance.now() - at) / 1000).toFixed(1)} s; peak RSS ${mb(peak)} MB (before ${mb(before)} MB)`,
  );
}

type Get = (
  url: string,
) => Promise<{ statusCode: number; body: string; json: () => { results: Record<string, unknown>[] } }>;

async function benchPages(get: Get, scenario: number, times: number): Promise<void> {
  const q = `scenario=${scenario}&limit=10`;
  const ids = async (url: string, field: string) =>
    ((await get(url)).json().results as Record<string, unknown>[])
      .map((r) => r[field])
      .filter((v): v is number => typeof v === "number");
  const activities = await ids(
    `/calculation/activity-results/by-source/?${q}&ordering=-allocated_amount`,
    "source",
  );
  const dims = await ids(`/calculation/activity-results/by-destination/?${q}`, "destination");
  const allDims = [
    ...new Set([...dims, ...(await ids(`/calculation/dimension-results/?${q}&ordering=-cost`, "dimension"))]),
  ];
  const drivers = await ids(`/calculation/calculated-driver-results/?${q}`, "source");
  const urls: string[] = [];
  for (const base of ["account-results", "indirect-results", "direct-results"]) {
    urls.push(`/calculation/${base}/?${q}`, `/calculation/${base}/?${q}&ordering=-amount`);
    urls.push(`/calculation/${base}/by-source/?${q}&ordering=-allocated_amount`);
    urls.push(`/calculation/${base}/by-destination/?${q}&ordering=-amount`);
  }
  urls.push(`/calculation/direct-results/time-driven/?${q}&ordering=-time_driven_amount`);
  urls.push(`/calculation/activity-results/?${q}`, `/calculation/activity-results/by-destination/?${q}`);
  for (const a of activities.slice(0, 3)) {
    urls.push(`/calculation/activity-results/?${q}&source=${a}&ordering=-amount`);
    urls.push(`/calculation/activity-results/?${q}&source=${a}&offset=5000`);
    urls.push(`/calculation/dimension-results/get-parent-to-child-rows/?${q}&source=${a}`);
    urls.push(`/calculation/dimension-results/get-child-to-parent-rows/?${q}&source=${a}&ordering=-amount`);
    urls.push(`/calculation/dimension-results/by-line/?${q}&source=${a}&ordering=-amount`);
  }
  urls.push(`/calculation/activity-results/get-aggregated/?${q}&ordering=-amount`);
  urls.push(`/calculation/dimension-results/?${q}`, `/calculation/dimension-results/?${q}&offset=100000`);
  for (const d of allDims) {
    urls.push(`/calculation/activity-results/get-aggregated/?${q}&dimension=${d}`);
    for (const ordering of ["-profit", "cost", "-amount", "-unallocated", "transaction_id"])
      urls.push(`/calculation/dimension-results/?${q}&dimension=${d}&ordering=${ordering}`);
    urls.push(`/calculation/dimension-results/?${q}&dimension=${d}&ordering=-profit&offset=20000`);
    urls.push(
      `/calculation/dimension-results/dimension-results-unallocated/?${q}&dimension=${d}&ordering=-amount`,
    );
    urls.push(
      `/calculation/dimension-results/get-parent-to-child-rows/?${q}&dimension=${d}&ordering=-amount`,
    );
  }
  urls.push(`/calculation/dimension-results/dimension-results-unallocated/?${q}&ordering=-amount`);
  urls.push(`/calculation/calculated-driver-results/?${q}`);
  for (const d of drivers.slice(0, 2)) {
    urls.push(`/calculation/calculated-driver-results/get-parent-to-child-rows/?${q}&source_driver=${d}`);
    urls.push(`/calculation/calculated-driver-results-unallocated/?${q}&source_driver=${d}&ordering=-amount`);
  }
  urls.push(
    `/calculation/validation-report/?scenario=${scenario}`,
    `/calculation/sankey/?scenario=${scenario}`,
  );

  const all: number[] = [];
  const byUrl: { url: string; median: number; status: number }[] = [];
  for (const url of urls) {
    const times_: number[] = [];
    let status = 0;
    for (let i = 0; i < times; i++) {
      const at = performance.now();
      const response = await get(url);
      times_.push(performance.now() - at);
      status = response.statusCode;
    }
    all.push(...times_);
    byUrl.push({ url, median: median(times_), status });
  }
  const statuses = new Map<number, number>();
  for (const u of byUrl) statuses.set(u.status, (statuses.get(u.status) ?? 0) + 1);
  console.log(
    `result pages: ${urls.length} pages x ${times}: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  for (const u of [...byUrl].sort((a, b) => b.median - a.median).slice(0, 8))
    console.log(`    ${u.median.toFixed(1)} ms ${u.status} ${u.url}`);
}

/** Each report call on each dimension: first and deep pages sorted by lines, top/bottom, charts. */
async function benchReports(get: Get, scenario: number, times: number): Promise<void> {
  const dims = (
    (await get(`/calculation/dimension-results/?scenario=${scenario}&limit=100&ordering=-cost`)).json()
      .results as { dimension: number }[]
  ).map((r) => r.dimension);
  const dimensions = [...new Set(dims)];
  const urls: string[] = [];
  for (const d of dimensions) {
    const q = `scenario=${scenario}&dimension=${d}`;
    const head = (await get(`/report/pnl/?${q}&limit=1`)).json() as unknown as {
      count: number;
      lines: { code: string }[];
      profit_line: string;
    };
    const lines = head.lines.map((l) => l.code);
    const line = lines[0]!;
    const deep = Math.max(0, Math.floor(head.count / 2));
    urls.push(`/report/pnl/?${q}&limit=50`, `/report/pnl/?${q}&limit=50&offset=${deep}`);
    urls.push(`/report/pnl/?${q}&limit=50&ordering=-${head.profit_line}`);
    urls.push(`/report/pnl/?${q}&limit=50&ordering=${line}&offset=${deep}`);
    urls.push(`/report/pnl/?${q}&limit=50&ordering=-margin_percent&offset=${deep}`);
    urls.push(`/report/profitability/?${q}&line=${head.profit_line}`);
    urls.push(`/report/profitability/?${q}&line=${line}&side=bottom&limit=100`);
    urls.push(`/report/whale/?${q}`, `/report/waterfall/?${q}`);
    urls.push(`/report/treemap/?${q}&measure=${head.profit_line}`, `/report/treemap/?${q}`);
    for (const d2 of dimensions) {
      if (d2 !== d) urls.push(`/report/treemap/?${q}&dimension2=${d2}&measure=${line}&limit=20`);
    }
    urls.push(`/report/compare/?${q}&line=${line},${head.profit_line}&limit=50`);
    // The trace of the first records by profit and by loss (ids from the P&L pages).
    for (const ordering of [`-${head.profit_line}`, head.profit_line]) {
      const page = (await get(`/report/pnl/?${q}&limit=3&ordering=${ordering}`)).json() as unknown as {
        results: { record: number | null }[];
      };
      for (const row of page.results)
        if (row.record !== null) urls.push(`/report/records/${row.record}/trace/?scenario=${scenario}`);
    }
    if (dimensions[0] !== d) {
      urls.push(
        `/report/compare/?scenario=${scenario}&dimension=${dimensions[0]},${d}&line=${line}&limit=50`,
      );
    }
  }
  const all: number[] = [];
  const byUrl: { url: string; median: number; status: number }[] = [];
  const perUrl: number[][] = [];
  for (const url of urls) {
    const spent: number[] = [];
    perUrl.push(spent);
    let status = 0;
    for (let i = 0; i < times; i++) {
      const at = performance.now();
      status = (await get(url)).statusCode;
      spent.push(performance.now() - at);
    }
    all.push(...spent);
    byUrl.push({ url, median: median(spent), status });
  }
  const statuses = new Map<number, number>();
  for (const u of byUrl) statuses.set(u.status, (statuses.get(u.status) ?? 0) + 1);
  console.log(
    `report calls: ${urls.length} x ${times}: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  // Per call: the p95 of its requests (the trace's path holds the record id).
  const byCall = new Map<string, number[]>();
  urls.forEach((url, i) => {
    const call = url.replace(/\?.*$/, "").replace(/\/\d+\//, "/{record}/");
    byCall.set(call, [...(byCall.get(call) ?? []), ...perUrl[i]!]);
  });
  for (const [call, spent] of byCall)
    console.log(
      `    ${call}: ${spent.length} requests, p50 ${percentile(spent, 50).toFixed(1)} ms, p95 ${percentile(spent, 95).toFixed(1)} ms`,
    );
  for (const u of [...byUrl].sort((a, b) => b.median - a.median).slice(0, 10))
    console.log(`    ${u.median.toFixed(1)} ms ${u.status} ${u.url}`);
}
