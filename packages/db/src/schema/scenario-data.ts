import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns.ts";
import { companies } from "./companies.ts";
import { costPoolDrivers, costPools, dimensions, financialAccounts } from "./model-master-data.ts";
import { scenarios } from "./models.ts";
import { users } from "./users.ts";

// The numbers of one scenario (docs/data-model.md).

const companyId = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
const scenarioId = () => integer("scenario_id").notNull();
type Scoped = { companyId: AnyPgColumn; scenarioId: AnyPgColumn };
const scenarioFk = (name: string, t: Scoped) =>
  foreignKey({
    name,
    columns: [t.companyId, t.scenarioId],
    foreignColumns: [scenarios.companyId, scenarios.id],
  }).onDelete("cascade");

export const accountValues = pgTable(
  "account_values",
  {
    id: id(),
    companyId: companyId(),
    scenarioId: scenarioId(),
    accountId: integer("account_id").notNull(),
    /** Exact decimal in major units of the scenario currency. */
    amount: numeric("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    scenarioFk("account_values_scenario_fk", t),
    foreignKey({
      name: "account_values_account_fk",
      columns: [t.companyId, t.accountId],
      foreignColumns: [financialAccounts.companyId, financialAccounts.id],
    }).onDelete("cascade"),
    unique("account_values_scenario_account_key").on(t.companyId, t.scenarioId, t.accountId),
  ],
);

export const costPoolDriverValues = pgTable(
  "cost_pool_driver_values",
  {
    id: id(),
    companyId: companyId(),
    scenarioId: scenarioId(),
    driverId: integer("driver_id").notNull(),
    poolId: integer("pool_id").notNull(),
    value: numeric("value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    scenarioFk("cost_pool_driver_values_scenario_fk", t),
    foreignKey({
      name: "cost_pool_driver_values_driver_fk",
      columns: [t.companyId, t.driverId],
      foreignColumns: [costPoolDrivers.companyId, costPoolDrivers.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "cost_pool_driver_values_pool_fk",
      columns: [t.companyId, t.poolId],
      foreignColumns: [costPools.companyId, costPools.id],
    }).onDelete("cascade"),
    unique("cost_pool_driver_values_key").on(t.companyId, t.scenarioId, t.driverId, t.poolId),
  ],
);

/**
 * One store for the spec's dimension records and transactions. `fields` maps driver name to value:
 * numbers as JSON numbers, dates as YYYY-MM-DD, relationship drivers (<PARENT>_ID) as the parent's
 * identifier.
 */
export const dimensionRecords = pgTable(
  "dimension_records",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    scenarioId: scenarioId(),
    dimensionId: integer("dimension_id").notNull(),
    identifier: text("identifier").notNull(),
    fields: jsonb("fields").$type<Record<string, string | number | null>>().notNull().default({}),
  },
  (t) => [
    scenarioFk("dimension_records_scenario_fk", t),
    foreignKey({
      name: "dimension_records_dimension_fk",
      columns: [t.companyId, t.dimensionId],
      foreignColumns: [dimensions.companyId, dimensions.id],
    }).onDelete("cascade"),
    unique("dimension_records_identifier_key").on(t.companyId, t.scenarioId, t.dimensionId, t.identifier),
  ],
);

export const scenarioSettings = pgTable(
  "scenario_settings",
  {
    id: id(),
    companyId: companyId(),
    scenarioId: scenarioId(),
    /** not_allocate (default) or rebalance. */
    step2Strategy: text("step2_strategy").notNull().default("not_allocate"),
    /** The spec's iteration stop condition, a percentage 0..100 (recorded; the solve is exact). */
    iterationStop: numeric("iteration_stop").notNull().default("0"),
    /** P&L line code used as profit; null = the last root line by rank. */
    profitLineCode: text("profit_line_code"),
  },
  (t) => [
    scenarioFk("scenario_settings_scenario_fk", t),
    unique("scenario_settings_scenario_key").on(t.companyId, t.scenarioId),
    check("scenario_settings_strategy_check", sql`${t.step2Strategy} in ('not_allocate', 'rebalance')`),
    check("scenario_settings_iteration_check", sql`${t.iterationStop} between 0 and 100`),
  ],
);

/** A file upload being processed as a background job (accounts, values, pools, records...). */
export const uploadProcesses = pgTable(
  "upload_processes",
  {
    id: id(),
    companyId: companyId(),
    scenarioId: scenarioId(),
    /** What the file holds: ACCOUNTS, ACCOUNT_VALUES, COST_POOLS, POOL_DRIVER_VALUES, RECORDS, TRANSACTIONS, ... */
    kind: text("kind").notNull(),
    /** For RECORDS/TRANSACTIONS: the dimension. */
    dimensionId: integer("dimension_id"),
    mode: text("mode").notNull().default("MERGE"),
    status: text("status").notNull().default("PROCESSING"),
    fileName: text("file_name").notNull(),
    /** The uploaded file, kept until processed so the job can stream it. */
    filePath: text("file_path"),
    requestedAt: instant("requested_at").defaultNow().notNull(),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    finishedAt: instant("finished_at"),
    /** 0..1 */
    progress: numeric("progress").notNull().default("0"),
    rowsTotal: integer("rows_total"),
    rowsDone: integer("rows_done").notNull().default(0),
    /** [{line, column, field, message}] */
    errors: jsonb("errors")
      .$type<{ line?: number; column?: number; field?: string; message: string }[]>()
      .notNull()
      .default([]),
    taskId: text("task_id"),
    stopRequested: integer("stop_requested").notNull().default(0),
    /** When a worker took the file up; set once, so a second attempt of the job never runs it. */
    startedAt: instant("started_at"),
    /** The worker's lease, renewed while it works; past it the reaper ends the upload in ERROR. */
    leaseUntil: instant("lease_until"),
  },
  (t) => [
    scenarioFk("upload_processes_scenario_fk", t),
    unique("upload_processes_company_id_key").on(t.companyId, t.id),
    index("upload_processes_scenario_idx").on(t.companyId, t.scenarioId, t.requestedAt),
    check("upload_processes_mode_check", sql`${t.mode} in ('MERGE', 'APPEND', 'REPLACE')`),
    check(
      "upload_processes_status_check",
      sql`${t.status} in ('PROCESSING', 'PROCESSED', 'ERROR', 'STOPPED')`,
    ),
  ],
);

/** A file generated for download (CSV exports, model bundles, BI templates, PDF reports). */
export const exportFiles = pgTable(
  "export_files",
  {
    id: id(),
    companyId: companyId(),
    scenarioId: integer("scenario_id"),
    modelId: integer("model_id"),
    kind: text("kind").notNull(),
    title: text("title").notNull().default(""),
    /** PROCESSING, PROCESSED or ERROR (docs/exports.md, "Pipeline"). */
    status: text("status").notNull().default("PROCESSING"),
    fileName: text("file_name"),
    contentType: text("content_type"),
    /** The file's key in the file store (apps/api/src/modules/export-files/file-store.ts), once PROCESSED. */
    filePath: text("file_path"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    options: jsonb("options").$type<Record<string, unknown>>().notNull().default({}),
    error: text("error"),
    requestedAt: instant("requested_at").defaultNow().notNull(),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    finishedAt: instant("finished_at"),
    /** 0..1 */
    progress: numeric("progress").notNull().default("0"),
    stopRequested: integer("stop_requested").notNull().default(0),
    /** When a worker took the file up; set once, so a second attempt of the job never runs it. */
    startedAt: instant("started_at"),
    /** The worker's lease, renewed while it writes; past it the reaper ends the file in ERROR. */
    leaseUntil: instant("lease_until"),
  },
  (t) => [
    unique("export_files_company_id_key").on(t.companyId, t.id),
    index("export_files_company_idx").on(t.companyId, t.requestedAt),
    check("export_files_status_check", sql`${t.status} in ('PROCESSING', 'PROCESSED', 'ERROR')`),
    index("export_files_scenario_idx").on(t.companyId, t.scenarioId, t.requestedAt),
  ],
);
