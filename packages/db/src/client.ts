import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { migrateDatabase } from "./migrate.ts";

/** One client type for both drivers: repositories never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Anything a repository can run a query on: the database or an open transaction. */
export type Executor = Database | Transaction;

export type SqlResult = { rows: Record<string, unknown>[] };

export interface DatabaseClient {
  db: Database;
  driver: "pglite" | "postgres";
  /** The PostgreSQL schema our tables live in ("public", or "t_<random>" for a test database). */
  schema: string;
  /** PostgreSQL: the connection URL (threads open their own connections with it). */
  url?: string;
  /**
   * Raw SQL for components that bring their own SQL (the job queue). Without values the text
   * may hold several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  close(): Promise<void>;
}

interface DatabaseOptions {
  /** postgres://… ; when absent the embedded PGlite database is used. */
  url?: string;
  /** PGlite only: a directory, or "memory" for a database that lives as long as the process. */
  dataDir?: string;
  /** PostgreSQL only: the schema to use via search_path (created when missing). Default DATABASE_SCHEMA, else "public". */
  schema?: string;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /** PGlite with dataDir "memory" only: start from this dump of a data directory (`dumpDataDir`). */
  loadDataDir?: Blob;
}

export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const DEFAULT_PGLITE_DIR = fileURLToPath(new URL("../../../.data/pglite", import.meta.url));

/**
 * Opens the database named by the options (or DATABASE_URL / PGLITE_DATA_DIR) and brings its
 * schema up to date. PostgreSQL when a URL is given, otherwise PGlite in ./.data/pglite.
 */
export async function createDatabase(options: DatabaseOptions = {}): Promise<DatabaseClient> {
  const url = options.url ?? process.env.DATABASE_URL;
  // DATABASE_SCHEMA puts every table in a schema of its own (created when missing): one
  // PostgreSQL database can then hold several independent Costflow instances, e.g. one per e2e run.
  const schema = options.schema ?? process.env.DATABASE_SCHEMA;
  const client = url ? openPostgres(url, { ...options, schema }) : await openPglite(options);
  if (client.driver === "postgres" && client.schema !== "public") {
    await client.executeSql(`create schema if not exists ${assertSchemaName(client.schema)}`);
  }
  if (options.migrate ?? true) {
    try {
      await migrateDatabase(client);
    } catch (error) {
      await client.close();
      throw error;
    }
  }
  return client;
}

function openPostgres(url: string, options: DatabaseOptions): DatabaseClient {
  const schema = options.schema ?? "public";
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(schema === "public" ? {} : { options: `-c search_path=${assertSchemaName(schema)}` }),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const db = drizzlePg(pool) as unknown as Database;
  let closed = false;
  return {
    db,
    driver: "postgres",
    schema,
    url,
    executeSql: async (text, values) => pool.query(text, values as unknown[] | undefined),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * PGlite runs each query synchronously on the event loop, and the query queued behind another
 * starts from the promise that ends it: a burst of requests was answered in one long turn of the
 * loop, and Node accepts one new connection per turn, so a client arriving during a burst of 200
 * waited 8-10 s for its first answer (docs/performance.md, "Load"). Statements from `db` (outside
 * transactions; a transaction's own statements follow each other as before) now run one after the
 * other, each after a turn of the loop, so sockets are read and connections accepted between them.
 */
function yielding(pglite: PGlite): PGlite {
  let last: Promise<unknown> = Promise.resolve();
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return new Proxy(pglite, {
    get(target, property) {
      if (property === "query" || property === "exec" || property === "transaction") {
        const method = Reflect.get(target, property, target) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => {
          const run = last.then(turn).then(() => method.apply(target, args));
          last = run.catch(() => {});
          return run;
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseClient> {
  const dataDir = options.dataDir ?? process.env.PGLITE_DATA_DIR ?? DEFAULT_PGLITE_DIR;
  let pglite: PGlite;
  let releaseLock = () => {};
  if (dataDir === "memory") {
    pglite = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  } else {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = lockDataDir(dataDir);
    try {
      pglite = await PGlite.create(dataDir);
    } catch (error) {
      releaseLock();
      throw error;
    }
  }
  const db = drizzlePglite(yielding(pglite)) as unknown as Database;
  return {
    db,
    driver: "pglite",
    schema: "public",
    executeSql: async (text, values) => {
      if (values && values.length > 0) return pglite.query(text, values);
      // exec runs every statement of the text (the simple protocol); report the last result.
      const results = await pglite.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
      releaseLock();
    },
  };
}

/**
 * PGlite is a single-process database: a second process opening the same directory would corrupt
 * it. A lock file holding the owner's pid refuses that (a lock left by a dead process is taken over).
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = join(dataDir, "costflow.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockFile, "utf8"));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(`The database in ${dataDir} is in use by process ${owner}; stop it first.`);
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Schema names go into connection options unquoted, so only plain identifiers are accepted. */
export function assertSchemaName(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid schema name: ${name}`);
  return name;
}
