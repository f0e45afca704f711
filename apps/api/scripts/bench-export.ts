import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createDatabase } from "@costflow/db/client";
import { seedDemo } from "@costflow/db/seed";
import { createTestDatabase } from "@costflow/db/test-database";
import { type BenchSize, isBenchSize } from "@costflow/engine/bench/bench-sizes";
import { generateModel } from "@costflow/engine/bench/generate-model";
import { hashPassword } from "../src/lib/passwords.ts";
import { saveModelData } from "../src/modules/model-io/save-model-data.ts";
import { benchSession, latestCalculatedScenario } from "./demo-session.ts";

// Benchmark (not a test) of the BI export (docs/exports.md): the benchmark company's model (engine
// bench generator) saved, calculated with calculate-all, then each format exported through the file
// pipeline, with the API's latency (GET auth/users/me/) sampled while it runs and the process's
// RSS above what it was before the export.
//
//   DATABASE_URL=postgres://... npx tsx apps/api/scripts/bench-export.ts --size L --formats BI_PARQUET,BI_CSV
// With --schema <name> (a schema kept by `bench-calculate.ts --keep`), the calculation found there
// is exported instead of a fresh one (no generation, no calculation).

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "M" },
    seed: { type: "string", default: "1" },
    formats: { type: "string", default: "BI_PARQUET,BI_CSV" },
    schema: { type: "string" },
  },
});
const size = values.size ?? "M";
if (!isBenchSize(size)) throw new Error(`--size must be S, M or L, not ${size}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : Number.NaN;
};
const filesDir = mkdtempSync(join(tmpdir(), "costflow-bench-files-"));
process.env.EXPORT_FILES_DIR = filesDir;

const kept = values.schema;
const database = kept
  ? await createDatabase({ url: process.env.DATABASE_URL!, schema: kept, poolSize: 4, migrate: false })
  : await createTestDatabase();
try {
  if (!kept) await seedDemo(database.db, { hashPassword });
  const { app, headers, get, me } = await benchSession(database);

  const scenario = kept ? (await latestCalculatedScenario(get)).scenario : await generateAndCalculate();

  for (const data_type of (values.formats ?? "").split(",")) {
    global.gc?.();
    await sleep(2000);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let running = true;
    const latencies: number[] = [];
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
    const started = performance.now();
    const file = await app.inject({
      method: "POST",
      url: "/api/v1/export/files/",
      headers,
      payload: { scenario, data_type },
    });
    if (file.statusCode !== 201) throw new Error(file.body);
    let row: { status: string; size_bytes: number | null; error_message: string | null };
    for (;;) {
      row = (await get(`/export/files/${file.json().id}/`)).json();
      if (row.status !== "PROCESSING") break;
      await sleep(250);
    }
    const seconds = (performance.now() - started) / 1000;
    running = false;
    await sampler;
    console.log(
      `${data_type}: ${row.status}${row.error_message ? ` (${row.error_message})` : ""} in ${seconds.toFixed(1)} s, ${mb(row.size_bytes ?? 0)} MB; added RSS peak ${mb(peak - baseline)} MB (before ${mb(baseline)} MB); /me p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms (${latencies.length} calls)`,
    );
  }

  async function generateAndCalculate(): Promise<number> {
    let t = performance.now();
    const model = generateModel(size as BenchSize, Number(values.seed));
    const saved = await saveModelData(me.selected_company, me.id, model, database.db);
    console.log(`generated and saved ${size} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
    const requested = await app.inject({
      method: "POST",
      url: "/api/v1/calculation/calculate-all/",
      headers,
      payload: { scenario: saved.scenario },
    });
    const id: number = requested.json().calculation_id;
    for (;;) {
      const row = (
        await get(`/calculation/calculations/?scenario=${saved.scenario}&category=ALL&limit=1`)
      ).json().results[0] as { id: number; status: string } | undefined;
      if (row?.id === id && row.status === "FINISHED") break;
      if (row?.id === id && (row.status === "ERROR" || row.status === "STOPPED")) throw new Error(row.status);
      await sleep(500);
    }
    console.log(`calculated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return saved.scenario;
  }
  await app.close();
} finally {
  await database.close();
  rmSync(filesDir, { recursive: true, force: true });
}
