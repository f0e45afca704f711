import type { DatabaseClient } from "@costflow/db/client";
import { createDatabase } from "@costflow/db/client";
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from "@costflow/db/seed";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { hashPassword } from "./lib/passwords.ts";
import { ensureDemoModel } from "./modules/model-io/ensure-demo-model.ts";

// `npx tsx apps/api/src/main.ts`: opens (and migrates) the database — PostgreSQL when
// DATABASE_URL is set, else PGlite in ./.data/pglite — seeds the demo company on first start,
// and serves the API, its docs and the built web app.
const config = loadConfig();
let database: DatabaseClient | undefined;
let app: FastifyInstance | undefined;

// Registered first, so a signal during start-up also closes whatever is already open.
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  const force = setTimeout(() => {
    console.error("Shutdown took longer than 15 s; exiting anyway.");
    process.exit(1);
  }, 15_000);
  force.unref();
  try {
    await app?.close();
    await database?.close();
    process.exit(0);
  } catch (error) {
    console.error("Shutdown failed:", error);
    process.exit(1);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

try {
  database = await createDatabase();
  const seeded = await seedDemo(database.db, { hashPassword });
  await ensureDemoModel(database.db);
  app = await buildApp({ database, config });
  await app.listen({ port: config.port, host: config.host });

  // One line a newcomer can act on; request logs only at LOG_LEVEL=debug or in
  // production (config.logRequests).
  const url = `http://localhost:${config.port}`;
  const where = database.driver === "pglite" ? "embedded database" : "PostgreSQL";
  const logins = DEMO_USERS.map((u) => u.email).join(" or ");
  console.log(
    `Costflow is running on ${url} (${where}) - log in as ${logins}, password "${DEMO_PASSWORD}"${seeded.created ? " (demo company created now)" : ""}`,
  );
  if (!config.webDist)
    console.log("The web app is not built (apps/web/dist is missing): only the API is served.");
} catch (error) {
  if (!stopping) {
    console.error("Costflow could not start:", error);
    await app?.close().catch(() => {});
    await database?.close().catch(() => {});
    process.exit(1);
  }
}
