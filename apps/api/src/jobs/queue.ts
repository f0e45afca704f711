import type { DatabaseClient } from "@costflow/db/client";
import PgBoss from "pg-boss";

export interface JobOptions {
  /** Further attempts after a failure (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry (default 5). */
  retryDelaySeconds?: number;
  /** Double the delay at each retry (default true). */
  retryBackoff?: boolean;
  /** A running attempt that takes longer fails and is retried (default 15 minutes). */
  expireInSeconds?: number;
  /** Do not start before this many seconds have passed. */
  startAfterSeconds?: number;
  /**
   * Groups jobs for the queue's policy (see `define`): with "short", at most one job per key waits;
   * with "singleton", one per key runs; with "stately", one of each.
   */
  singletonKey?: string;
}

export interface Job<T> {
  id: string;
  name: string;
  data: T;
  /** Attempts that already failed (0 on the first run). */
  retryCount: number;
  /** True when a failure now is final (no retry follows). */
  isLastAttempt: boolean;
}

export interface WorkOptions {
  /** Jobs of this queue run at once in this process (default 1). */
  concurrency?: number;
  /** How often an idle worker looks for work (default 2 s, minimum 0.5). */
  pollingIntervalSeconds?: number;
}

/**
 * The background-job interface every feature uses (e-mail now; imports, calculations and PDFs
 * later). Backed by pg-boss on whichever database the app runs: PostgreSQL or PGlite
 * (docs/adr/0002-job-queue-pg-boss-on-pglite.md).
 */
/** standard: every job runs; short/singleton/stately: see JobOptions.singletonKey. */
export type QueuePolicy = "standard" | "short" | "singleton" | "stately";

export interface JobQueue {
  start(): Promise<void>;
  /** Creates a queue with a policy; call before its first send or work (default policy: standard). */
  define(name: string, options: { policy: QueuePolicy }): Promise<void>;
  /** Queues a job; returns its id, or null when a singleton of that key is already queued. */
  send<T extends object>(name: string, data: T, options?: JobOptions): Promise<string | null>;
  /** Runs `handler` for each job of the queue; a thrown error fails the attempt (then retries). */
  work<T extends object>(
    name: string,
    handler: (job: Job<T>) => Promise<void>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Stops taking jobs, waits (up to `timeoutMs`) for running ones, then returns. */
  stop(timeoutMs?: number): Promise<void>;
}

/** pg-boss's tables live in their own schema, next to ours ("pgboss", or `<test schema>_pgboss`). */
function queueSchemaFor(database: DatabaseClient): string {
  return database.schema === "public" ? "pgboss" : `${database.schema}_pgboss`;
}

export function createJobQueue(
  database: DatabaseClient,
  options: { onError?: (error: Error) => void } = {},
): JobQueue {
  const boss = new PgBoss({
    // Our own connection (pool or PGlite) instead of a second pool: one adapter for both drivers.
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: queueSchemaFor(database),
    migrate: true,
    supervise: true,
    schedule: false,
  });
  boss.on("error", (error) => options.onError?.(error));
  const queues = new Map<string, Promise<void>>();
  /** This process's workers per queue, woken when a job is sent. */
  const workers = new Map<string, string[]>();
  let started: Promise<void> | undefined;

  function ensureQueue(name: string, policy: QueuePolicy = "standard"): Promise<void> {
    let ready = queues.get(name);
    if (!ready) {
      ready = boss.createQueue(name, { name, policy }).catch((error) => {
        queues.delete(name);
        throw error;
      });
      queues.set(name, ready);
    }
    return ready;
  }

  return {
    async start() {
      started ??= boss.start().then(() => undefined);
      await started;
    },

    async define(name, { policy }) {
      await ensureQueue(name, policy);
    },

    async send(name, data, jobOptions = {}) {
      await ensureQueue(name);
      const id = await boss.send(name, data, sendOptions(jobOptions));
      // Wake this process's workers of the queue rather than leave the job waiting for their next poll.
      if (id && !jobOptions.startAfterSeconds) {
        for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
      }
      return id;
    },

    async work(name, handler, workOptions = {}) {
      await ensureQueue(name);
      const pollingIntervalSeconds = Math.max(0.5, workOptions.pollingIntervalSeconds ?? 2);
      // pg-boss 10 runs one batch at a time per worker: n workers of one job each = concurrency n.
      for (let i = 0; i < Math.max(1, workOptions.concurrency ?? 1); i++) {
        const workerId = await startWorker(boss, name, handler, pollingIntervalSeconds);
        workers.set(name, [...(workers.get(name) ?? []), workerId]);
      }
    },

    async stop(timeoutMs = 10_000) {
      if (!started) return;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      started = undefined;
    },
  };
}

/** pg-boss's options for a job: our defaults where the caller gives none. */
function sendOptions(jobOptions: JobOptions): PgBoss.SendOptions {
  return {
    retryLimit: jobOptions.retryLimit ?? 3,
    retryDelay: jobOptions.retryDelaySeconds ?? 5,
    retryBackoff: jobOptions.retryBackoff ?? true,
    expireInSeconds: jobOptions.expireInSeconds ?? 15 * 60,
    ...(jobOptions.startAfterSeconds ? { startAfter: jobOptions.startAfterSeconds } : {}),
    ...(jobOptions.singletonKey ? { singletonKey: jobOptions.singletonKey } : {}),
  };
}

/** One pg-boss worker of the queue, one job at a time; its id. */
async function startWorker<T extends object>(
  boss: PgBoss,
  name: string,
  handler: (job: Job<T>) => Promise<void>,
  pollingIntervalSeconds: number,
): Promise<string> {
  let workerId = "";
  workerId = await boss.work(
    name,
    { batchSize: 1, pollingIntervalSeconds, includeMetadata: true },
    async (jobs) => {
      try {
        for (const job of jobs) {
          await handler({
            id: job.id,
            name: job.name,
            data: job.data as never,
            retryCount: job.retryCount,
            isLastAttempt: job.retryCount >= job.retryLimit,
          });
        }
      } finally {
        // pg-boss pauses a polling interval after every fetch, even a fruitful one; a worker
        // that just found work looks again at once, so a backlog drains at the handlers' pace.
        boss.notifyWorker(workerId);
      }
    },
  );
  return workerId;
}
