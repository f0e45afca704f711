import { createDatabase } from "@costflow/db/client";
import { buildApp } from "../src/app.ts";
import { demoAdminSession } from "./demo-session.ts";

// Times API calls against a schema kept by `bench-calculate.ts --keep` (no recalculation):
//   DATABASE_URL=... npx tsx apps/api/scripts/probe-calls.ts <schema> <times> <url> [<url> ...]
// Each url (without /api/v1) is requested <times> times; the median and slowest are printed.

const [schema, times, ...urls] = process.argv.slice(2);
if (!schema || !urls.length) throw new Error("usage: probe-calls.ts <schema> <times> <url>...");
const database = await createDatabase({
  url: process.env.DATABASE_URL!,
  schema,
  poolSize: 4,
  migrate: false,
});
const app = await buildApp({ database, logger: { level: "error" }, config: { webDist: null } });
const { headers } = await demoAdminSession(app);
for (const url of urls) {
  const spent: number[] = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < Number(times); i++) {
    const at = performance.now();
    const response = await app.inject({ method: "GET", url: `/api/v1${url}`, headers });
    spent.push(performance.now() - at);
    status = response.statusCode;
    bytes = response.rawPayload.length;
  }
  spent.sort((a, b) => a - b);
  console.log(
    `${status} ${bytes} B median ${spent[spent.length >> 1]!.toFixed(1)} ms, max ${spent[spent.length - 1]!.toFixed(1)} ms  ${url}`,
  );
}
await app.close();
await database.close();
