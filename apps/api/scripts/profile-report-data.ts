import { generateBenchModel } from "@costflow/engine/bench/generate-bundle";
import { calculate } from "@costflow/engine/calc/calculate";
import type { CodeIds, RunPlan } from "../src/modules/calculation/run-plan.ts";
import { buildReportData } from "../src/worker/report-data.ts";

// The report data's COPY text built without a database, per table: where the report phase's
// thread time goes (run with node --cpu-prof --import tsx for a profile).
//   npx tsx apps/api/scripts/profile-report-data.ts [S|M|L] [light|dense]

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
const startedAt = performance.now();
const data = buildReportData(model, result, plan, ids);
console.log(`dimension rows in ${(performance.now() - startedAt).toFixed(0)} ms`);
for (const t of data.tables) {
  const at = performance.now();
  let bytes = 0;
  for (const chunk of t.chunks) bytes += chunk.length;
  console.log(`${t.table}: ${(performance.now() - at).toFixed(0)} ms, ${(bytes / 2 ** 20).toFixed(0)} MB`);
}
