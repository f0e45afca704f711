import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { generateBenchModel } from "@costflow/engine/bench/generate-bundle";
import { calculate } from "@costflow/engine/calc/calculate";
import type { CodeIds, RunPlan } from "../src/modules/calculation/run-plan.ts";
import { buildReportData } from "../src/worker/report-data.ts";

// The report data's COPY text built without a database, per table: where the report phase's
// thread time goes (run with node --cpu-prof --import tsx for a profile).
//   npx tsx apps/api/scripts/profile-report-data.ts [S|M|L] [light|dense] [--cpu <file>] [--pg]

const size = (process.argv[2] ?? "M") as "S" | "M" | "L";
const profile = (process.argv[3] ?? "light") as "light" | "dense";
const model = generateBenchModel(profile, size, 1);
const result = calculate(model, { detailRecordLimit: 100_000, rollUpDetail: true });
const codes = [...model.records.keys()];
const ids: CodeIds = {
  accounts: {},
  pools: {},
  activities: {},
  dimensions: Object.fromEntries(codes.map((c, i) => [c, i + 1])),
  calculatedDrivers: {},
};
const plan = {
  companyId: 1,
  calculationId: 1,
  scenarioId: 1,
  detailLimit: 100_000,
  orderMinRecords: 10_000,
  orderBlock: 16384,
  splitParts: 500,
} as RunPlan;
// --cpu <file>: a CPU profile of the building alone (not of the model's generation and calculation).
const cpuAt = process.argv.indexOf("--cpu");
const session = cpuAt > 0 ? new Session() : null;
if (session) {
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
}
const startedAt = performance.now();
const data = buildReportData(model, result, plan, ids);
console.log(`dimension rows in ${(performance.now() - startedAt).toFixed(0)} ms`);
for (const t of data.tables) {
  const at = performance.now();
  let bytes = 0;
  for await (const chunk of t.chunks) bytes += chunk.length;
  console.log(`${t.table}: ${(performance.now() - at).toFixed(0)} ms, ${(bytes / 2 ** 20).toFixed(0)} MB`);
}
if (session) {
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(process.argv[cpuAt + 1]!, JSON.stringify(profile));
  session.disconnect();
}

// --pg: the same tables copied into a fresh schema on DATABASE_URL (built first, so the time is
// PostgreSQL's alone), one transaction per table, as the report phase writes them.
if (process.argv.includes("--pg")) {
  const { createTestDatabase } = await import("@costflow/db/test-database");
  const { copyBytes } = await import("@costflow/db/repositories/results/copy-bytes");
  const database = await createTestDatabase();
  try {
    for (const t of buildReportData(model, result, plan, ids).tables) {
      const chunks = [...(t.chunks as Iterable<Uint8Array>)];
      const at = performance.now();
      await database.db.transaction((tx) => copyBytes(t.table, t.columns, chunks, tx, t.format));
      console.log(`${t.table} into PostgreSQL: ${(performance.now() - at).toFixed(0)} ms`);
    }
    // Built while copied on one thread: near the sum of the two times above, as they take turns
    // (the report phase builds in the calculation thread and writes on the main thread:
    // lib/chunk-streams.ts).
    for (const t of buildReportData(model, result, plan, ids).tables) {
      const at = performance.now();
      await database.db.transaction((tx) => copyBytes(t.table, t.columns, t.chunks, tx, t.format));
      console.log(`${t.table} built while copied: ${(performance.now() - at).toFixed(0)} ms`);
    }
  } finally {
    await database.close();
  }
}
