import type { SQL } from "drizzle-orm";
import type { Database } from "../../client.ts";

// What the BI export's reads share: the run they name, rows of raw SQL, and cells as the star
// schema takes them (null stays null).

export type Run = { companyId: number; calculationId: number };
export type Row = Record<string, unknown>;

export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** Rows of raw SQL, and the `n` of a `count(*) as n` query. */
export function rawReads(db: Database) {
  const rows = async (query: SQL): Promise<Row[]> =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const count = async (query: SQL): Promise<number> => Number((await rows(query))[0]?.n ?? 0);
  return { rows, count };
}
