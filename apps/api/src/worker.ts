import { createDatabase, type DatabaseClient } from "@costflow/db/client";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";

// `npx tsx apps/api/src/worker.ts`: a job-only process. With PostgreSQL, run the API processes
// with RUN_WORKERS=0 and as many of these as the queues need (docs/deployment.md).
// It builds the same application as main.ts — so it starts exactly the workers app.ts starts —
// and never listens for HTTP.
let database: DatabaseClient | undefined;
let app: FastifyInstance | undefined;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the worker`);
  await app?.close(); // stops the queue once running jobs finish
  await database?.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

database = await createDatabase();
app = await buildApp({ database, config: { ...loadConfig(), runWorkers: true } });
console.log(
  `Costflow worker started on the ${database.driver === "pglite" ? "PGlite" : "PostgreSQL"} database (no HTTP).`,
);
