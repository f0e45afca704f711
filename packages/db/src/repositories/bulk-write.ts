import type { PGlite, Transaction as PgliteTransaction } from "@electric-sql/pglite";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { DatabaseClient } from "../client.ts";

export type Row = Record<string, unknown>;
/** Runs one parameterised statement on the session (or inside its open transaction). */
export type Query = <T extends Row = Row>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * One database session for bulk work (file uploads, imports): its own connection on PostgreSQL
 * (so temporary tables and COPY stay on it), the one PGlite session in embedded mode.
 *
 * Outside `transaction`, every statement commits by itself; on PGlite, other queries of the
 * process run between two statements of the session, so a long load never blocks the API.
 */
interface BulkSession {
  readonly driver: DatabaseClient["driver"];
  query: Query;
  /**
   * Loads rows into `table` with COPY: `payload` is COPY text format (see copyLine), many rows
   * at once. COPY FROM STDIN on PostgreSQL, COPY FROM a blob on PGlite.
   */
  copyIn(table: string, columns: readonly string[], payload: string): Promise<void>;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * On PGlite, the session is held for the duration (other queries wait), so keep it short.
   */
  transaction<T>(work: (query: Query) => Promise<T>): Promise<T>;
  release(): Promise<void>;
}

export async function openBulkSession(client: DatabaseClient): Promise<BulkSession> {
  const raw = (client.db as unknown as { $client: unknown }).$client;
  return client.driver === "postgres"
    ? openPostgresSession(raw as pg.Pool)
    : openPgliteSession(raw as PGlite);
}

async function openPostgresSession(pool: pg.Pool): Promise<BulkSession> {
  const connection = await pool.connect();
  let broken = false;
  const query: Query = async <T extends Row>(text: string, params?: unknown[]) =>
    (await connection.query(text, params)).rows as T[];
  return {
    driver: "postgres",
    query,
    copyIn: (table, columns, payload) =>
      new Promise<void>((resolve, reject) => {
        const stream = connection.query(copyFrom(`copy ${table} (${columns.join(", ")}) from stdin`));
        stream.on("error", reject);
        stream.on("finish", () => resolve());
        stream.end(payload);
      }),
    async transaction(work) {
      await connection.query("begin");
      try {
        const result = await work(query);
        await connection.query("commit");
        return result;
      } catch (error) {
        await connection.query("rollback").catch(() => {
          broken = true;
        });
        throw error;
      }
    },
    async release() {
      // A connection whose rollback failed is in an unknown state: destroy it instead of reusing.
      connection.release(broken);
    },
  };
}

async function openPgliteSession(pglite: PGlite): Promise<BulkSession> {
  const on =
    (target: PGlite | PgliteTransaction): Query =>
    async <T extends Row>(text: string, params?: unknown[]) =>
      (await target.query<T>(text, params ?? [])).rows;
  return {
    driver: "pglite",
    query: on(pglite),
    async copyIn(table, columns, payload) {
      await pglite.query(`copy ${table} (${columns.join(", ")}) from '/dev/blob'`, [], {
        blob: new Blob([payload]),
      });
    },
    transaction: (work) => pglite.transaction((tx) => work(on(tx))),
    async release() {},
  };
}

/** One row in COPY text format: tab separated, `\N` for null, backslash escapes; ends with "\n". */
export function copyLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  let line = "";
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += "\t";
    const value = values[i];
    if (value === null || value === undefined) line += "\\N";
    else if (typeof value === "string") line += escapeCopy(value);
    else line += String(value);
  }
  return `${line}\n`;
}

const COPY_SPECIAL = /[\\\t\n\r]/;
function escapeCopy(text: string): string {
  if (!COPY_SPECIAL.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (c) =>
    c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
  );
}
