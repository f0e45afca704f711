import { seedDemo } from "@costflow/db/seed";
import { createTestDatabase } from "@costflow/db/test-database";
import { buildApp } from "../src/app.ts";
import { hashPassword } from "../src/lib/passwords.ts";
import { ensureDemoModel } from "../src/modules/model-io/ensure-demo-model.ts";
import { demoAdminSession } from "./demo-session.ts";

// CPU time per request in-process (app.inject, N sequential), less sensitive to a busy machine
// than wall time: npx tsx apps/api/scripts/profile-request.ts [url, SCENARIO = the demo scenario]
const database = await createTestDatabase();
await seedDemo(database.db, { hashPassword });
await ensureDemoModel(database.db);
const app = await buildApp({ database, config: { webDist: null, runWorkers: false } });
const { headers } = await demoAdminSession(app);
const me = (await app.inject({ method: "GET", url: "/api/v1/auth/users/me/", headers })).json();
const url = (process.argv[2] ?? "/api/v1/auth/users/me/").replace(
  "SCENARIO",
  String(me.settings.selected_scenario),
);
for (let i = 0; i < 200; i++) await app.inject({ method: "GET", url, headers });
const n = 2000;
const c0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < n; i++) {
  const r = await app.inject({ method: "GET", url, headers });
  if (r.statusCode !== 200) throw new Error(r.body);
}
const c = process.cpuUsage(c0);
console.log(
  `${url}: wall ${((performance.now() - t0) / n).toFixed(3)} ms/req, cpu ${((c.user + c.system) / 1000 / n).toFixed(3)} ms/req`,
);
await app.close();
await database.close();
