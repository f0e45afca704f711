import { bigint, customType, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

// The report data of a report run (docs/calculation.md, "Report data"): what the P&L, top/bottom,
// whale, tree map, waterfall and compare calls read. Written by the report phase of a run (REPORTS
// category) with COPY, keyed like the result tables by (company_id, calculation_id = the run's
// root row); no foreign keys for the same reason as schema/results.ts (COPY speed), the trigger
// `report_data_cleanup` (migration 0011) removes the rows with their calculation, and rows of runs
// no longer the latest FINISHED REPORTS run are deleted when a newer one finishes.
// Money is bigint minor units of the run's currency, as in the result tables.

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });
const companyId = () => integer("company_id").notNull();
const calculationId = () => integer("calculation_id").notNull();

/**
 * One row per dimension with records: the P&L line codes in rank order (the order of
 * report_records' values), their totals, the whale curve (downsampled), the calculated drivers
 * stored per record after the lines, and each activity's cost.
 */
export const reportDimensions = pgTable(
  "report_dimensions",
  {
    companyId: companyId(),
    calculationId: calculationId(),
    scenarioId: integer("scenario_id").notNull(),
    dimensionId: integer("dimension_id").notNull(),
    dimensionCode: text("dimension_code").notNull(),
    records: integer("records").notNull(),
    /** Line codes in rank order, then `driver:<name>` of each calculated driver resting here. */
    columns: text("columns").array().notNull(),
    /** Totals of `columns` (FOR lines: the formula over the line totals), minor units. */
    totals: bigint("totals", { mode: "number" }).array().notNull(),
    /** The P&L lines as computed: code, description, category, factor, parent, rank, formula. */
    lines: jsonb("lines").notNull(),
    profitLine: text("profit_line").notNull(),
    revenueLine: text("revenue_line").notNull(),
    profitTotal: bigint("profit_total", { mode: "number" }).notNull(),
    costTotal: bigint("cost_total", { mode: "number" }).notNull(),
    /** The whale curve: peak, loss tail, note, and at most 1,000 points with their records. */
    whale: jsonb("whale").notNull(),
    /** Each activity's step-4 cost in this run, [code, minor units] (compare's activity variance). */
    activities: jsonb("activities").notNull(),
  },
  (t) => [
    primaryKey({ name: "report_dimensions_pkey", columns: [t.companyId, t.calculationId, t.dimensionId] }),
  ],
);

/**
 * The records of every dimension, a row per block of RECORD_BLOCK of them (layout:
 * repositories/report-data/record-blocks.ts): per record the value of every column of its
 * dimension row, profit, cost (resting plus rolled up), the cost that stayed unallocated on it
 * (minor units) and margin % over the revenue line. A row per record made PostgreSQL take in
 * 6 M rows and index entries at size L.
 */
export const reportRecords = pgTable(
  "report_records",
  {
    companyId: companyId(),
    calculationId: calculationId(),
    dimensionId: integer("dimension_id").notNull(),
    /** Records block_no * RECORD_BLOCK onwards. */
    blockNo: integer("block_no").notNull(),
    /** How many records the block holds (RECORD_BLOCK but in a dimension's last block). */
    records: integer("records").notNull(),
    /** Bytes per record in `values`: 8 per column, then profit, cost, unallocated and margin. */
    recordBytes: integer("record_bytes").notNull(),
    /**
     * The block's first identifier: record numbers follow the identifiers' code-point order, so
     * the block of an identifier is the last whose first identifier is not after it.
     */
    firstIdentifier: text("first_identifier").notNull(),
    identifiers: text("identifiers").array().notNull(),
    /** The records one after the other (storage EXTERNAL: a record's slice reads one TOAST chunk). */
    values: bytea("values").notNull(),
  },
  (t) => [index("report_records_idx").on(t.companyId, t.calculationId, t.dimensionId, t.blockNo)],
);

/**
 * Stored orderings: per dimension and key (`line:<code>`, `driver:<name>`, `profit`, `cost`,
 * `margin_percent`) the record numbers in ascending order of that key, in blocks of positions, so a
 * page sorted by any line and a top/bottom N read one or two blocks (apps/api/src/worker/record-order.ts).
 */
export const reportOrders = pgTable(
  "report_orders",
  {
    companyId: companyId(),
    calculationId: calculationId(),
    dimensionId: integer("dimension_id").notNull(),
    key: text("key").notNull(),
    blockNo: integer("block_no").notNull(),
    blockSize: integer("block_size").notNull(),
    /**
     * The block's record numbers as 4-byte big-endian integers (storage EXTERNAL, uncompressed,
     * so a page's slice reads one TOAST chunk). An int[] took PostgreSQL four times as long to
     * COPY (22 s for the 776 MB of text at size L, against 5.4 s as bytea).
     */
    nos: bytea("nos").notNull(),
  },
  (t) => [index("report_orders_idx").on(t.companyId, t.calculationId, t.dimensionId, t.key, t.blockNo)],
);

/**
 * Tree map with two dimensions: per first-level record, its parts over a second dimension (e.g. a
 * customer's products): per (first-level record, second-level record) the measure values summed
 * over the records of a dimension related to both (e.g. order lines for customers x products): the
 * lines in rank order, then cost. One row per first-level record, its parts in columns (a row per
 * part made PostgreSQL take in millions of rows at L: 17 s of the report phase). A first-level
 * record with more parts than the tree map can show keeps only the largest of each measure, with
 * the totals and counts of all its parts.
 */
export const reportSplits = pgTable(
  "report_splits",
  {
    companyId: companyId(),
    calculationId: calculationId(),
    dimensionId: integer("dimension_id").notNull(),
    dimension2Id: integer("dimension2_id").notNull(),
    recordNo: integer("record_no").notNull(),
    /** How many parts the row holds (the kept ones). */
    parts: integer("parts").notNull(),
    /** The parts' second-level record numbers, ascending, as 4-byte big-endian integers. */
    record2Nos: bytea("record2_nos").notNull(),
    /**
     * The parts' values as 8-byte big-endian integers (minor units), measure by measure: measure m
     * of part p at byte 8 * (m * parts + p), so one measure is one slice (storage EXTERNAL,
     * uncompressed: a slice reads only its TOAST chunks).
     */
    values: bytea("values").notNull(),
    /**
     * Only for a first-level record with more parts than are kept: per measure the total of all
     * its parts, and the number of parts that are not zero.
     */
    totals: bigint("totals", { mode: "number" }).array(),
    counts: integer("counts").array(),
  },
  (t) => [
    index("report_splits_idx").on(t.companyId, t.calculationId, t.dimensionId, t.dimension2Id, t.recordNo),
  ],
);

export const REPORT_TABLES = [
  "report_dimensions",
  "report_records",
  "report_orders",
  "report_splits",
] as const;
