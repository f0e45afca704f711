import type { PGliteInterface, Transaction as PGliteTransaction } from "@electric-sql/pglite";
import type pg from "pg";
import type { Executor } from "../../client.ts";

// Bulk reads and writes talk to the driver under Drizzle: COPY on PostgreSQL (pg-copy-streams needs
// a pg client), COPY from/to a blob on PGlite. Drizzle keeps the driver's client on its session
// (`db._.session.client`); inside a transaction that is the transaction's own connection, so raw
// statements run in the same transaction as the Drizzle queries around them.

export type RawClient =
  | { kind: "postgres"; client: pg.Pool | pg.PoolClient }
  | { kind: "pglite"; client: PGliteInterface | PGliteTransaction };

export function rawClient(executor: Executor): RawClient {
  const client = (executor._.session as unknown as { client: unknown }).client;
  if (client && typeof (client as { exec?: unknown }).exec === "function") {
    return { kind: "pglite", client: client as PGliteInterface | PGliteTransaction };
  }
  return { kind: "postgres", client: client as pg.Pool | pg.PoolClient };
}

/** Rows of a parameterised statement, as objects keyed by column name. */
export async function rawQuery<T = Record<string, unknown>>(
  text: string,
  params: unknown[],
  executor: Executor,
): Promise<T[]> {
  const raw = rawClient(executor);
  if (raw.kind === "pglite") return (await raw.client.query<T>(text, params)).rows;
  return (await raw.client.query(text, params)).rows as T[];
}

/**
 * Runs `work` on one connection: the transaction's when `executor` is one, else a connection taken
 * from the pool for the duration (COPY needs a single connection, not a pool).
 */
export async function withConnection<T>(
  work: (raw: RawClient) => Promise<T>,
  executor: Executor,
): Promise<T> {
  const raw = rawClient(executor);
  if (raw.kind === "pglite" || !isPool(raw.client)) return work(raw);
  const connection = await raw.client.connect();
  try {
    return await work({ kind: "postgres", client: connection });
  } finally {
    connection.release();
  }
}

export function isPool(client: pg.Pool | pg.PoolClient): client is pg.Pool {
  return typeof (client as pg.PoolClient).release !== "function";
}

/** A string as an SQL literal (standard_conforming_strings is on in every supported server). */
export function sqlLiteral(text: string): string {
  if (text.includes("\u0000")) throw new Error("NUL characters cannot be stored");
  return `'${text.replaceAll("'", "''")}'`;
}

/** An integer id inlined into a COPY statement (COPY takes no parameters). */
export function sqlInteger(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error(`Not an integer id: ${n}`);
  return String(n);
}
