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

/**
 * Streams the records of one dimension in identifier order (code-unit order: COLLATE "C"): field 0
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
): Promise<number> {
  const columns = ["identifier", ...fields.map((f) => `fields->>${sqlLiteral(f)}`)].join(", ");
  const scope = `company_id = ${sqlInteger(where.companyId)} and scenario_id = ${sqlInteger(where.scenarioId)}
      and dimension_id = ${sqlInteger(where.dimensionId)}`;
  const select = `select ${columns} from dimension_records where ${scope} order by identifier collate "C"`;
  return copyOutRowBytes(select, fields.length + 1, onRow, executor);
}
