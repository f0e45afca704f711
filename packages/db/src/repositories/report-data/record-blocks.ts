import { type SQL, sql } from "drizzle-orm";

// The layout of report_records (schema/report-data.ts): a row per block of RECORD_BLOCK records of
// a dimension, record r in block floor(r / RECORD_BLOCK) at position r % RECORD_BLOCK. A block's
// `values` hold its records one after the other, `record_bytes` each: the dimension's columns (P&L
// lines in rank order, then calculated drivers) as 8-byte big-endian integers (minor units), then
// profit, cost and unallocated the same way, then margin % as an 8-byte IEEE double (NaN: no
// revenue). One row per record made PostgreSQL take in 6 M rows at size L, an index entry each.

/** Records per row of report_records (the writer, the readers and migration 0019 agree on it). */
export const RECORD_BLOCK = 256;

/** Bytes per record of a dimension with `columns` columns. */
export const recordBytes = (columns: number) => 8 * (columns + 4);

/** The columns of a dimension whose records take `bytes` bytes each. */
export const columnsOf = (bytes: number) => bytes / 8 - 4;

const TWO_32 = 4294967296;

/** The 8-byte big-endian integer at `at`. */
export const int64At = (view: DataView, at: number) => view.getInt32(at) * TWO_32 + view.getUint32(at + 4);

/** Writes safe integer `v` as 8 bytes big-endian at `at` (what int64At reads); the next offset. */
export function setInt64At(view: DataView, at: number, v: number): number {
  const high = Math.floor(v / TWO_32);
  view.setInt32(at, high);
  view.setUint32(at + 4, v - high * TWO_32);
  return at + 8;
}

export interface ReportRecord {
  recordNo: number;
  identifier: string;
  /** Minor units, in the order of the dimension row's columns. */
  values: number[];
  profit: number;
  cost: number;
  margin: number | null;
  unallocated: number;
}

/** The `columns` column values (minor units) of the record at byte `at` of a block's values. */
export function valuesAt(view: DataView, at: number, columns: number): number[] {
  const values = new Array<number>(columns);
  for (let c = 0; c < columns; c++) values[c] = int64At(view, at + 8 * c);
  return values;
}

/** The record at byte `at` of a block's values. */
export function recordAt(
  view: DataView,
  at: number,
  columns: number,
  recordNo: number,
  identifier: string,
): ReportRecord {
  const values = valuesAt(view, at, columns);
  const end = at + 8 * columns;
  const margin = view.getFloat64(end + 24);
  return {
    recordNo,
    identifier,
    values,
    profit: int64At(view, end),
    cost: int64At(view, end + 8),
    unallocated: int64At(view, end + 16),
    margin: Number.isNaN(margin) ? null : margin,
  };
}

/**
 * Every record of a slice of a block: `view` holds consecutive records from record number
 * `firstNo`, `identifiers` theirs in the same order.
 */
export function recordsOf(
  view: DataView,
  bytes: number,
  firstNo: number,
  identifiers: readonly string[],
): ReportRecord[] {
  const columns = columnsOf(bytes);
  const out: ReportRecord[] = [];
  for (let i = 0; i * bytes < view.byteLength; i++) {
    out.push(recordAt(view, i * bytes, columns, firstNo + i, identifiers[i] ?? ""));
  }
  return out;
}

/**
 * SQL over every record of some blocks, for the scans that sort or aggregate in the database
 * (compare by variance, compare between scenarios). `from` names report_records as b with, per
 * block, its values detoasted once (x.v: a slice per record fetched the block again each time),
 * and one row per record (g.i its position). Identifiers are not read here: an element of a
 * text[] is found by walking the array, which cost as much as decoding two values.
 */
export const EXPANDED_RECORDS = sql`from report_records b
  cross join lateral (select b."values" || ''::bytea as v offset 0) x
  cross join lateral generate_series(0, b.records - 1) as g(i)`;

/** The record number of a row of EXPANDED_RECORDS. */
export const EXPANDED_NO = sql`(b.block_no * ${sql.raw(String(RECORD_BLOCK))} + g.i)`;

/** Column `column` (minor units) of the record at position g.i of a block's `values`, as a bigint. */
const decodedColumn = (values: SQL, recordBytes: SQL, column: number): SQL =>
  sql`('x' || encode(substring(${values} from g.i * ${recordBytes} + ${8 * column + 1} for 8), 'hex'))::bit(64)::bigint`;

/** Column `column` (minor units) of a row of EXPANDED_RECORDS, as a bigint. */
export const expandedColumn = (column: number): SQL => decodedColumn(sql`x.v`, sql`b.record_bytes`, column);

/**
 * EXPANDED_RECORDS of one run with the same block of another run beside each block (b2, its values
 * x.v2): for two runs that hold the same records in the same order (compare between scenarios of
 * one model), record by record without matching identifiers.
 */
export const expandedPairs = (other: { companyId: number; calculationId: number }): SQL =>
  sql`from report_records b
  join report_records b2 on b2.company_id = ${other.companyId} and b2.calculation_id = ${other.calculationId}
    and b2.dimension_id = b.dimension_id and b2.block_no = b.block_no
  cross join lateral (select b."values" || ''::bytea as v, b2."values" || ''::bytea as v2 offset 0) x
  cross join lateral generate_series(0, b.records - 1) as g(i)`;

/** Column `column` (minor units) of the other run's record in a row of expandedPairs. */
export const pairedColumn = (column: number): SQL => decodedColumn(sql`x.v2`, sql`b2.record_bytes`, column);
