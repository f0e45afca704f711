import type { Executor } from "../../client.ts";
import { type CopyRowBytes, copyOutRowBytes } from "./copy-text.ts";
import { rawClient, rawQuery, sqlInteger, sqlLiteral } from "./raw-client.ts";

/** Number of records of each dimension of the scenario (dimension id -> count). */
export async function countRecords(
  companyId: number,
  scenarioId: number,
  executor: Executor,
): Promise<Map<number, number>> {
  const rows = await rawQuery<{ dimensionId: number; count: string | number }>(
    `select dimension_id as "dimensionId", count(*) as count from dimension_records
      where company_id = $1 and scenario_id = $2 group by dimension_id`,
    [companyId, scenarioId],
    executor,
  );
  return new Map(rows.map((r) => [r.dimensionId, Number(r.count)]));
}

/**
 * Turns PostgreSQL's JIT compilation off for the rest of the transaction `executor` is in. The
 * COPY of a large dimension's records is planned expensive enough to be compiled (1.9 s of LLVM
 * for 5 million order lines, to stream them in 7 s) for no gain: each row is read once. PGlite
 * has no JIT.
 */
export async function withoutJit(executor: Executor): Promise<void> {
  if (rawClient(executor).kind === "postgres") await rawQuery("set local jit = off", [], executor);
}

/** Collations of libc that order text by code point, as COLLATE "C" does. */
const CODE_POINT_COLLATIONS = new Set(["C", "POSIX", "C.UTF-8", "C.utf8"]);

/**
 * Whether the database's own collation orders identifiers as COLLATE "C" does (by code point). The
 * records are then read in the order of the identifiers' unique index, streamed from the first
 * row; under COLLATE "C" on such a database PostgreSQL sorted a dimension before its first row
 * (5 million order lines: 4 to 5 s of sorting while the loader waited, docs/performance.md).
 * Either way the loader checks the order it gets and sorts what is out of the engine's order.
 */
export async function codePointOrder(executor: Executor): Promise<boolean> {
  const [row] = await rawQuery<{ collation: string; provider: string | null }>(
    `select datcollate as collation, to_jsonb(d) ->> 'datlocprovider' as provider
      from pg_database d where datname = current_database()`,
    [],
    executor,
  );
  return !!row && isCodePointCollation(row.collation, row.provider);
}

/** A database collation (datcollate) of libc (provider "c"; null before PostgreSQL 15) by code point. */
export function isCodePointCollation(collation: string, provider: string | null): boolean {
  return (provider === null || provider === "c") && CODE_POINT_COLLATIONS.has(collation);
}

/**
 * Streams the records of one dimension in identifier order (code-unit order: COLLATE "C", or the
 * database's own when `codePoint`, the same order: codePointOrder): field 0
 * is the identifier, then one field per name of `fields` (that key of the record's `fields` as
 * text, NULL when absent). One COPY: streamed on PostgreSQL; on PGlite written to a blob first (1M
 * order lines: 13 s, against 88 s for batches of 50,000 rows read by identifier;
 * docs/performance.md, "Import"). Each row comes as the byte ranges of its fields
 * (copyOutRowBytes), so that numbers and relationship identifiers are read from the bytes, without
 * a string per cell (5 million order lines: 30 million cells a load).
 */
export async function streamRecordBytes(
  where: { companyId: number; scenarioId: number; dimensionId: number },
  fields: readonly string[],
  onRow: (row: CopyRowBytes) => void,
  executor: Executor,
  codePoint = false,
): Promise<number> {
  const columns = ["identifier", ...fields.map((f) => `fields->>${sqlLiteral(f)}`)].join(", ");
  const scope = `company_id = ${sqlInteger(where.companyId)} and scenario_id = ${sqlInteger(where.scenarioId)}
      and dimension_id = ${sqlInteger(where.dimensionId)}`;
  const select = `select ${columns} from dimension_records where ${scope} order by identifier${codePoint ? "" : ' collate "C"'}`;
  return copyOutRowBytes(select, fields.length + 1, onRow, executor);
}
