// Times a whole-model import through the import service (read the .zip, check it, write everything in
// one transaction) and the load back (loadModelData), each run on a fresh database. A benchmark,
// not a test: it prints figures for docs/performance.md ("Import").
//
//   npx costflow bench generate --size M --seed 1 --out .bench/M
//   npx tsx apps/api/scripts/bench-import.ts --bundle .bench/M [--runs 3] [--driver pglite|postgres]
//
// PostgreSQL needs DATABASE_URL (each run gets a fresh schema); PGlite runs on a temporary data
// directory on disk, as the embedded default does.

import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createDatabase, type DatabaseClient } from "@costflow/db/client";
import { seedDemo } from "@costflow/db/seed";
import { createTestDatabase } from "@costflow/db/test-database";
import { readBundle } from "@costflow/engine/bundle/read-bundle";
import { writeBundleZip } from "@costflow/engine/bundle/write-bundle";
import { hashPassword } from "../src/lib/passwords.ts";
import { importBundle } from "../src/modules/model-io/import-model.ts";
import { loadModelData } from "../src/modules/model-io/load-model-data.ts";
import { demoCompanyId } from "../test/helpers/test-app.ts";

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}

const bundle = resolve(option("bundle", ".bench/M"));
const runs = Number(option("runs", "3"));
const driver = option("driver", process.env.DATABASE_URL ? "postgres" : "pglite");
if (driver === "postgres" && !process.env.DATABASE_URL)
  throw new Error("--driver postgres needs DATABASE_URL");
if (driver === "pglite") delete process.env.DATABASE_URL;

const work = await mkdtemp(join(tmpdir(), "costflow-bench-import-"));
const seconds = (from: number) => (performance.now() - from) / 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  let zip = bundle;
  if ((await stat(bundle)).isDirectory()) {
    zip = join(work, "bundle.zip");
    await writeBundleZip(await readBundle(bundle), zip);
  }
  const size = (await stat(zip)).size;
  console.log(`Bundle ${bundle} (${(size / 1e6).toFixed(1)} MB zipped), ${driver}, ${runs} runs`);

  const importTimes: number[] = [];
  const loadTimes: number[] = [];
  let peakRss = 0;
  for (let run = 1; run <= runs; run++) {
    let database: DatabaseClient;
    let dataDir: string | null = null;
    if (driver === "postgres") database = await createTestDatabase();
    else {
      dataDir = await mkdtemp(join(work, "pglite-"));
      database = await createDatabase({ dataDir });
    }
    try {
      await seedDemo(database.db, { hashPassword });
      const company = await demoCompanyId(database);
      let t = performance.now();
      const created = await importBundle(company, null, zip, {}, {}, database.db);
      importTimes.push(seconds(t));
      t = performance.now();
      const model = await loadModelData(company, created.scenario, database.db);
      loadTimes.push(seconds(t));
      let records = 0;
      for (const r of model.records.values()) records += r.identifiers.length;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      console.log(
        `run ${run}: import ${importTimes.at(-1)!.toFixed(1)} s, load ${loadTimes.at(-1)!.toFixed(1)} s (${records.toLocaleString("en")} records)`,
      );
    } finally {
      await database.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `median: import ${median(importTimes).toFixed(1)} s, load ${median(loadTimes).toFixed(1)} s; peak RSS ${(peakRss / 1e6).toFixed(0)} MB`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
