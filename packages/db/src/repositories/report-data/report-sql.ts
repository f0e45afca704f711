import type { SQL } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";

/** The company and the run (the latest FINISHED REPORTS run of the scenario) every read names. */
export type Filter = { companyId: number; calculationId: number };

/** Raw SQL on the database or a transaction (both drivers answer `{rows}`). */
export function rawExecute(db: Database) {
  return async (query: SQL, on: Executor = db) =>
    (await on.execute(query)) as unknown as { rows: Record<string, unknown>[] };
}

/** A bytea column's value (Buffer on PostgreSQL, Uint8Array on PGlite) as a DataView. */
export function bytesView(value: unknown): DataView {
  const bytes = value as Uint8Array;
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
