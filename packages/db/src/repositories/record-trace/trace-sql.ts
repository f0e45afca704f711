import type { SQL } from "drizzle-orm";
import type { Database } from "../../client.ts";

// What the reads behind a record's trace share: the run they name and raw SQL with array literals.

export type Run = { companyId: number; calculationId: number };

export const intArray = (values: readonly number[]) => `{${values.join(",")}}`;
export const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;

/** Raw SQL (both drivers answer `{rows}`). */
export function rawExecute(db: Database) {
  return async (query: SQL) => (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
}
