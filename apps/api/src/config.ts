import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { UPLOAD_MAX_BYTES_DEFAULT } from "@costflow/contract/uploads";
import { REPO_ROOT } from "@costflow/db/client";

/** Everything the server reads from its environment, with the defaults of the embedded setup. */
export interface Config {
  port: number;
  host: string;
  /** Public address of the web app, used in e-mailed links. */
  appUrl: string;
  /** HS256 key; when unset a random key is generated once and kept in the database. */
  jwtSecret: string | undefined;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  /**
   * A refresh token replayed this soon after its own rotation gets a fresh pair instead of revoking
   * its family: two tabs (or a reload racing a poll) refreshing at once is not theft.
   */
  refreshReuseGraceMs: number;
  resetTokenSeconds: number;
  validationTokenSeconds: number;
  /** smtp(s)://user:pass@host:port; when unset e-mail goes to the outbox table only. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Attempts per e-mail after the first one fails. */
  emailRetryLimit: number;
  /**
   * Requests per window and key (IP + e-mail) on login, reset and registration; per refresh
   * family on refresh, where the address alone gets `ipMax` (many users may share one address).
   */
  authRateLimit: { max: number; windowMs: number; ipMax?: number };
  /** Largest accepted request body, bytes. */
  bodyLimit: number;
  /** Built web app to serve with a fallback to index.html, or null. */
  webDist: string | null;
  corsOrigin: string | undefined;
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits key on it). */
  trustProxy: boolean;
  /** Run the job workers in this process (false for API-only processes when workers scale apart). */
  runWorkers: boolean;
  logLevel: string;
  /**
   * One log line per request and response: at LOG_LEVEL=debug/trace, or in production
   * (NODE_ENV=production, JSON lines for a log collector). Off otherwise: `npm start` printed a
   * line per request, burying the start message, and each line costs the event loop under load.
   */
  logRequests: boolean;
}

const WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a non-negative integer, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 3000);
  const webDist = env.WEB_DIST ?? WEB_DIST;
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenSeconds: int(env.ACCESS_TOKEN_SECONDS, 15 * 60),
    refreshTokenSeconds: int(env.REFRESH_TOKEN_SECONDS, 7 * 24 * 3600),
    refreshReuseGraceMs: int(env.REFRESH_REUSE_GRACE_MS, 30_000),
    resetTokenSeconds: 3600,
    validationTokenSeconds: 7 * 24 * 3600,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Costflow <no-reply@costflow.local>",
    emailRetryLimit: int(env.EMAIL_RETRY_LIMIT, 5),
    authRateLimit: {
      max: int(env.COSTFLOW_RATE_LIMIT_MAX, 10),
      windowMs: int(env.COSTFLOW_RATE_LIMIT_WINDOW_MS, 60_000),
      ipMax: int(env.COSTFLOW_RATE_LIMIT_IP_MAX, 600),
    },
    bodyLimit: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    webDist: existsSync(webDist) ? webDist : null,
    corsOrigin: env.CORS_ORIGIN || undefined,
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    runWorkers: env.RUN_WORKERS !== "0",
    // Outside production the console is for people: warnings and errors only unless asked for.
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "production" ? "info" : "warn"),
    logRequests: env.LOG_LEVEL === "debug" || env.LOG_LEVEL === "trace" || env.NODE_ENV === "production",
  };
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

/**
 * The job workers' settings, read from the environment each time they are asked for (a worker
 * reads them per job; tests change them between files). The modules' `*-settings.ts` files and
 * the run jobs take them from here: this file is the only one that reads the environment.
 */
export function jobSettings(env: NodeJS.ProcessEnv = process.env) {
  return {
    /**
     * Keep a calculation thread and an upload reading thread started ahead of time (SPARE_THREADS,
     * default on; 0 turns it off): each costs seconds of CPU to start and is paid while the process
     * is idle. The test suites turn it off: they start an app per file and most never use them.
     */
    spareThreads: env.SPARE_THREADS !== "0",
    calculation: {
      /** A run's lease (CALC_LEASE_SECONDS), renewed every heartbeat; past it the reaper ends the run. */
      leaseSeconds: Number(env.CALC_LEASE_SECONDS ?? 30),
      reaperIntervalMs: Number(env.CALC_REAPER_INTERVAL_MS ?? 15_000),
      /** Dimensions with more records keep no per-record detail rows (docs/calculation.md). */
      detailLimit: Number(env.CALC_DETAIL_RECORD_LIMIT ?? 100_000),
      /** Per-record numbers the engine keeps for detail views (its detailBudget; 8 bytes each). */
      detailBudget: Number(env.CALC_DETAIL_BUDGET ?? 48 * 1024 * 1024),
      /** Dimensions with at least this many records get stored orderings (sorted pages by position). */
      orderMinRecords: Number(env.CALC_ORDER_MIN_RECORDS ?? 10_000),
      /**
       * COPY bytes the calculation thread may build ahead of the database (CALC_IN_FLIGHT_MB,
       * lib/chunk-streams.ts): while PostgreSQL takes in the step results the thread builds the
       * report data this far ahead instead of waiting. With 64 MiB it waited for room; with 256 MiB
       * it still waited 11 s at light L and built most of the report data after the steps were
       * written (docs/performance.md, session 19).
       */
      inFlightMb: positive(env.CALC_IN_FLIGHT_MB, 1024),
    },
    uploads: {
      /** Where uploaded files wait for their job (a shared volume when workers run elsewhere). */
      directory: env.UPLOAD_DIR || join(REPO_ROOT, ".data", "uploads"),
      /** Largest accepted file, bytes (default 50 MB as the upload page says). */
      maxBytes: positive(env.UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES_DEFAULT),
      /** Columns, rows and a workbook's unpacked bytes one file may hold. */
      readCaps: {
        columns: positive(env.UPLOAD_MAX_COLUMNS, 1000),
        rows: positive(env.UPLOAD_MAX_ROWS, 5_000_000),
        inflatedBytes: positive(env.UPLOAD_MAX_INFLATED_BYTES, 1024 ** 3),
      },
      /** A workbook's parser holds shared strings and styles; past this heap its thread is stopped. */
      readerHeapMb: Number(env.UPLOAD_READER_HEAP_MB ?? 512),
      leaseSeconds: positive(env.UPLOAD_LEASE_SECONDS, 60),
      reaperIntervalMs: positive(env.UPLOAD_REAPER_INTERVAL_MS, 15_000),
    },
    exports: {
      /** Where exported files are kept (a shared volume, or an object store, when workers run elsewhere). */
      directory: env.EXPORT_FILES_DIR || join(REPO_ROOT, ".data", "files"),
      leaseSeconds: positive(env.EXPORT_LEASE_SECONDS, 60),
      reaperIntervalMs: positive(env.EXPORT_REAPER_INTERVAL_MS, 15_000),
    },
    modelImport: {
      /** Largest model bundle accepted (bytes of the .zip). */
      maxBytes: positive(env.COSTFLOW_MODEL_IMPORT_MAX_BYTES, 1024 ** 3),
      /** Inflated bytes of one entry other than the JSON files, and of all entries together. */
      maxEntryBytes: positive(env.COSTFLOW_MODEL_IMPORT_MAX_ENTRY_BYTES, 4 * 1024 ** 3),
      maxInflatedBytes: positive(env.COSTFLOW_MODEL_IMPORT_MAX_INFLATED_BYTES, 8 * 1024 ** 3),
    },
  };
}
