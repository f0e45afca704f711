import { Writable } from "node:stream";
import { createDatabase } from "@costflow/db/client";
import type { ExportFileView } from "@costflow/db/repositories/export-files";
import { biStarSchema } from "../src/modules/export-files/bi-star-schema.ts";
import { writerContext } from "../src/modules/export-files/export-writer.ts";
import { EXPORT_WRITERS } from "../src/modules/export-files/export-writers.ts";

// Times each table of the BI template read alone (database reads and row building, no encoding),
// against a schema kept by `bench-calculate.ts --keep`; with a format (BI_CSV, BI_PARQUET), times
// that whole writer in this process instead, writing to nowhere (for --cpu-prof); with `csv`, times
// each table's CSV read alone (the database's CSV where the table has one):
//   DATABASE_URL=... npx tsx apps/api/scripts/profile-bi-tables.ts <schema> <companyId> <scenarioId> <modelId> [format|csv]
const format = process.argv[6] as "BI_CSV" | "BI_PARQUET" | "csv" | undefined;
const [schema, companyId, scenarioId, modelId] = process.argv.slice(2).map((v, i) => (i ? Number(v) : v)) as [
  string,
  number,
  number,
  number,
];
const database = await createDatabase({
  url: process.env.DATABASE_URL!,
  schema,
  poolSize: 4,
  migrate: false,
});
const ctx = writerContext(database);
if (format && format !== "csv") {
  const out = new Writable({ write: (_chunk, _encoding, done) => done() });
  const file = { companyId, scenarioId, kind: format } as unknown as ExportFileView;
  const at = performance.now();
  await EXPORT_WRITERS[format]!(ctx, file, out, async () => {}, new AbortController().signal);
  console.log(`${format}: ${((performance.now() - at) / 1000).toFixed(1)} s`);
} else {
  const star = await biStarSchema(ctx, companyId, { id: scenarioId, modelId });
  if (!star) throw new Error("no calculation");
  for (const table of star.tables) {
    const at = performance.now();
    let rows = 0;
    let bytes = 0;
    if (format === "csv" && table.csv) for await (const piece of table.csv()) bytes += piece.length;
    else for await (const chunk of table.chunks()) rows += chunk.rows;
    const size = bytes ? `${(bytes / 2 ** 20).toFixed(0)} MB of CSV` : `${rows} rows`;
    console.log(`${table.name}: ${size} in ${((performance.now() - at) / 1000).toFixed(1)} s`);
  }
}
await database.close();
