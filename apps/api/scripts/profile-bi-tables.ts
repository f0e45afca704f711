import { createDatabase } from "@costflow/db/client";
import { type AppContext, createRepositories } from "../src/context.ts";
import { biStarSchema } from "../src/modules/export-files/bi-star-schema.ts";

// Times each table of the BI template read alone (database reads and row building, no encoding),
// against a schema kept by `bench-calculate.ts --keep`:
//   DATABASE_URL=... npx tsx apps/api/scripts/profile-bi-tables.ts <schema> <companyId> <scenarioId> <modelId>
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
const ctx = {
  database,
  db: database.db,
  repos: createRepositories(database.db),
  log: console,
} as unknown as AppContext;
const star = await biStarSchema(ctx, companyId, { id: scenarioId, modelId });
if (!star) throw new Error("no calculation");
for (const table of star.tables) {
  const at = performance.now();
  let rows = 0;
  for await (const chunk of table.chunks()) rows += chunk.rows;
  console.log(`${table.name}: ${rows} rows in ${((performance.now() - at) / 1000).toFixed(1)} s`);
}
await database.close();
