import { createDatabase } from "@costflow/db/client";
import pino from "pino";
import { loadConfig } from "./config.ts";
import { createContext } from "./context.ts";
import { createJobQueue } from "./jobs/queue.ts";
import { startEmailWorker } from "./modules/mail/deliver-email.ts";

// `npx tsx apps/api/src/worker.ts`: a job-only process (no HTTP). With PostgreSQL, run API
// processes with RUN_WORKERS=0 and as many of these as the queues need (docs/deployment.md).
const config = loadConfig();
const log = pino({ level: config.logLevel });
const database = await createDatabase();
const queue = createJobQueue(database, { onError: (error) => log.error({ err: error }, "job queue") });
await queue.start();
const ctx = await createContext(config, database, queue, log);
await startEmailWorker(ctx);
log.info({ database: database.driver }, "worker started");

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: stopping the worker`);
  await queue.stop();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
