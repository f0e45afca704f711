import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from "drizzle-orm/pg-core";
import { instant } from "./columns.ts";

// Results of calculation runs (docs/data-model.md, "result tables"; docs/calculation.md).
// Every row is keyed by (company_id, calculation_id) where calculation_id is the run's own row
// (the root of its category rows); amounts are bigint minor units of the run's currency.
//
// No foreign keys here on purpose: a per-row RI check made COPY of a million result rows three
// times slower (measured: 2.0 s -> 6.8 s on PostgreSQL 15). Rows go away with their calculation
// through the trigger `calculation_results_cleanup` (migration 0002), and old runs' rows are
// deleted when a newer run of their categories finishes.

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });
const companyId = () => integer("company_id").notNull();
const calculationId = () => integer("calculation_id").notNull();
const money = (name: string) => bigint(name, { mode: "number" }).notNull();

/** One row per run: currency and, for runs covering the reports, summary, validation and Sankey. */
export const calculationResults = pgTable(
  "calculation_results",
  {
    companyId: companyId(),
    calculationId: calculationId(),
    scenarioId: integer("scenario_id").notNull(),
    currency: text("currency").notNull(),
    minorDigits: smallint("minor_digits").notNull(),
    glTotal: money("gl_total"),
    /** Dimensions above this many records keep no per-record detail rows (by line, parent/child). */
    detailLimit: integer("detail_limit").notNull(),
    /**
     * Runs before migration 0015: the results summary JSON, gzip-compressed (it lists every
     * record: hundreds of MB at size L). Newer runs leave it null and keep summary_head.
     */
    summaryGz: bytea("summary_gz"),
    /**
     * The results summary without its per-record parts (records, pnl, profit, whale points), as
     * JSON text with the dimension ids: GET calculation/summary/ streams the rest from the report
     * data (apps/api/src/modules/calculation/stream-summary.ts). Text, not jsonb: key order kept.
     */
    summaryHead: text("summary_head"),
    validation: jsonb("validation"),
    sankey: jsonb("sankey"),
    createdAt: instant("created_at").defaultNow().notNull(),
  },
  (t) => [primaryKey({ name: "calculation_results_pkey", columns: [t.companyId, t.calculationId] })],
);

/** Steps 1-3: one row per rule row (rows of one pair kept apart, allocation-semantics choice 12). */
export const resultAllocations = pgTable(
  "result_allocations",
  {
    companyId: companyId(),
    calculationId: calculationId(),
    step: smallint("step").notNull(),
    rowNo: integer("row_no").notNull(),
    sourceId: integer("source_id"),
    sourceCode: text("source_code").notNull(),
    sourceName: text("source_name").notNull(),
    destinationId: integer("destination_id"),
    destinationCode: text("destination_code").notNull(),
    destinationName: text("destination_name").notNull(),
    amount: money("amount"),
    originalAmount: money("original_amount"),
    allocatedAmount: money("allocated_amount"),
    status: text("status").notNull(),
    reciprocal: boolean("reciprocal").notNull(),
  },
  (t) => [index("result_allocations_idx").on(t.companyId, t.calculationId, t.step, t.rowNo)],
);

/** Steps 1-4: one row per source (account, indirect pool, direct pool, activity). */
export const resultSources = pgTable(
  "result_sources",
  {
    companyId: companyId(),
    calculationId: calculationId(),
    step: smallint("step").notNull(),
    rowNo: integer("row_no").notNull(),
    sourceId: integer("source_id"),
    sourceCode: text("source_code").notNull(),
    sourceName: text("source_name").notNull(),
    originalAmount: money("original_amount"),
    allocatedAmount: money("allocated_amount"),
    unallocatedAmount: money("unallocated_amount"),
    status: text("status").notNull(),
    percentage: doublePrecision("percentage").notNull(),
    /** Step 4: the activity's dimension, quantity (sum of weights), cost per unit (major units). */
    destinationId: integer("destination_id"),
    destinationName: text("destination_name"),
    quantity: doublePrecision("quantity"),
    costPerUnit: doublePrecision("cost_per_unit"),
  },
  (t) => [index("result_sources_idx").on(t.companyId, t.calculationId, t.step, t.rowNo)],
);

/** Step 3, time-driven pools: one row per (pool, TDABC activity). */
export const resultTimeDriven = pgTable(
  "result_time_driven",
  {
    companyId: companyId(),
    calculationId: calculationId(),
    rowNo: integer("row_no").notNull(),
    sourceId: integer("source_id"),
    sourceName: text("source_name").notNull(),
    destinationId: integer("destination_id"),
    destinationName: text("destination_name").notNull(),
    unitMinutes: doublePrecision("unit_minutes").notNull(),
    quantity: doublePrecision("quantity").notNull(),
    capacity: doublePrecision("capacity").notNull(),
    costPerMinute: doublePrecision("cost_per_minute").notNull(),
    costPerUnit: doublePrecision("cost_per_unit").notNull(),
    unallocatedCapacity: doublePrecision("unallocated_capacity").notNull(),
    totalCost: money("total_cost"),
    sourceCapacity: doublePrecision("source_capacity").notNull(),
    timeDrivenAmount: money("time_driven_amount"),
  },
  (t) => [index("result_time_driven_idx").on(t.companyId, t.calculationId, t.rowNo)],
);

/** Steps 5 and 6: one row per push (source, parent dimension -> child dimension). */
export const resultPushes = pgTable(
  "result_pushes",
  {
    companyId: companyId(),
    calculationId: calculationId(),
    step: smallint("step").notNull(),
    pushNo: integer("push_no").notNull(),
    /** Step 5: activity id; step 6: calculated driver id. */
    sourceId: integer("source_id"),
    sourceCode: text("source_code").notNull(),
    sourceName: text("source_name").notNull(),
    parentId: integer("parent_id"),
    parentName: text("parent_name").notNull(),
    childId: integer("child_id"),
    childName: text("child_name").notNull(),
    split: text("split").notNull(),
    inAmount: money("in_amount"),
    allocated: money("allocated"),
    unallocated: money("unallocated"),
    notAllocated: money("not_allocated"),
    /** Whether per-record rows were kept for the child / parent dimension (size limit). */
    childDetail: boolean("child_detail").notNull(),
    parentDetail: boolean("parent_detail").notNull(),
  },
  (t) => [index("result_pushes_idx").on(t.companyId, t.calculationId, t.step, t.pushNo)],
);

/**
 * Per-record detail as one array per (source, kind), aligned with result_records.record_no of
 * its dimension (the records in identifier order), only for dimensions up to the run's detail
 * limit. An array per activity instead of a row per (record, activity): at size L the customers
 * alone would make 23 million rows.
 * - step 4: kind ALLOCATED per activity (source_no = its result_sources row), TOTAL per dimension
 *   (source_no 0, summed over activities);
 * - steps 5/6, source_no = push_no: RECEIVED (child dimension: what each child got) with `links`
 *   = the parent record_no of each child (-1 none), SENT (parent dimension: what each parent
 *   passed down), KEPT (parent dimension, NOT_ALLOCATE).
 */
export const resultVectors = pgTable(
  "result_vectors",
  {
    companyId: companyId(),
    calculationId: calculationId(),
    step: smallint("step").notNull(),
    sourceNo: integer("source_no").notNull(),
    kind: text("kind").notNull(),
    dimensionId: integer("dimension_id"),
    amounts: bigint("amounts", { mode: "number" }).array().notNull(),
    links: integer("links").array(),
    /**
     * Numbers packed big-endian, `amounts` then empty (0020): an OWN row's entries (writeOwnDetail)
     * and an ordering block's record numbers (writeRecords; apps/api/src/worker/result-rows.ts).
     */
    bytes: bytea("bytes"),
  },
  (t) => [index("result_vectors_idx").on(t.companyId, t.calculationId, t.step, t.kind, t.sourceNo)],
);

/** Steps 5/6: amounts that stayed on a parent record because it has no children or W = 0. */
export const resultUnallocated = pgTable(
  "result_unallocated",
  {
    companyId: companyId(),
    calculationId: calculationId(),
    step: smallint("step").notNull(),
    pushNo: integer("push_no").notNull(),
    recordNo: integer("record_no").notNull(),
    identifier: text("identifier").notNull(),
    amount: money("amount"),
  },
  (t) => [index("result_unallocated_idx").on(t.companyId, t.calculationId, t.step, t.pushNo, t.recordNo)],
);

/**
 * Every record of every dimension (runs covering step 4 and more): its identifier at record_no
 * (identifier order, the index of the detail arrays) and its totals after steps 4 and 5.
 */
export const resultRecords = pgTable(
  "result_records",
  {
    companyId: companyId(),
    calculationId: calculationId(),
    dimensionId: integer("dimension_id"),
    recordNo: integer("record_no").notNull(),
    identifier: text("identifier").notNull(),
    resting: money("resting"),
    cost: money("cost"),
    unallocated: money("unallocated"),
    notAllocated: money("not_allocated"),
    /** Profit line value in major units; null without a P&L structure. */
    profit: doublePrecision("profit"),
  },
  (t) => [index("result_records_idx").on(t.companyId, t.calculationId, t.dimensionId, t.recordNo)],
);

export const RESULT_TABLES = [
  "calculation_results",
  "result_allocations",
  "result_sources",
  "result_time_driven",
  "result_pushes",
  "result_vectors",
  "result_unallocated",
  "result_records",
] as const;
