import { sql } from "drizzle-orm";
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
  uuid,
} from "drizzle-orm/pg-core";
import { id, instant } from "./columns.ts";
import { companies } from "./companies.ts";
import { scenarios } from "./models.ts";
import { users } from "./users.ts";

// Calculation runs and their logs (shared/guide/allocation-semantics.md, "Calculations").
// Result tables are keyed by calculation_id; a category shows only its latest FINISHED run, so a
// new run's results replace the old ones atomically when its status turns FINISHED.

export const CALCULATION_CATEGORIES = [
  "ACCOUNT_TO_COST_POOL",
  "INDIRECT_COST_POOL_TO_COST_POOL",
  "DIRECT_COST_POOL_TO_ACTIVITY",
  "ACTIVITY_TO_DIMENSION_DIRECT",
  "ACTIVITY_TO_DIMENSION_INDIRECT",
  "CALCULATED_DRIVER_TO_DIMENSION",
  "CALCULATED_DRIVERS",
  "REPORTS",
  "ALL",
] as const;
export const CALCULATION_STATUSES = [
  "REQUESTED",
  "IN_PROGRESS",
  "FINISHED",
  "ERROR",
  "STOPPED",
  "ATTEMPTING_TO_STOP",
] as const;

export const calculations = pgTable(
  "calculations",
  {
    id: id(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    scenarioId: integer("scenario_id").notNull(),
    category: text("category").notNull(),
    status: text("status").notNull().default("REQUESTED"),
    /** For "calculate all": the parent run whose steps this run belongs to. */
    parentId: integer("parent_id"),
    requestedAt: instant("requested_at").defaultNow().notNull(),
    startedAt: instant("started_at"),
    finishedAt: instant("finished_at"),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    /** The queue's job id. */
    taskId: text("task_id"),
    /** A worker renews the lease while it runs; past it, an IN_PROGRESS run is turned to ERROR. */
    leaseUntil: instant("lease_until"),
    /** 0..1 */
    progress: numeric("progress").notNull().default("0"),
    progressMessage: text("progress_message").notNull().default(""),
    options: jsonb("options").$type<Record<string, unknown>>().notNull().default({}),
    error: jsonb("error").$type<{ code: string; message: string; details?: unknown } | null>(),
    durationMs: bigint("duration_ms", { mode: "number" }),
  },
  (t) => [
    foreignKey({
      name: "calculations_scenario_fk",
      columns: [t.companyId, t.scenarioId],
      foreignColumns: [scenarios.companyId, scenarios.id],
    }).onDelete("cascade"),
    unique("calculations_company_id_key").on(t.companyId, t.id),
    unique("calculations_uuid_key").on(t.uuid),
    index("calculations_scenario_category_idx").on(t.companyId, t.scenarioId, t.category, t.requestedAt),
    index("calculations_status_idx").on(t.status),
    check(
      "calculations_status_check",
      sql`${t.status} in ('REQUESTED', 'IN_PROGRESS', 'FINISHED', 'ERROR', 'STOPPED', 'ATTEMPTING_TO_STOP')`,
    ),
  ],
);

export const calculationLogs = pgTable(
  "calculation_logs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id").notNull(),
    calculationId: integer("calculation_id").notNull(),
    at: instant("at").defaultNow().notNull(),
    /** INFO, WARNING, ERROR */
    level: text("level").notNull().default("INFO"),
    detail: text("detail").notNull(),
  },
  (t) => [
    foreignKey({
      name: "calculation_logs_calculation_fk",
      columns: [t.companyId, t.calculationId],
      foreignColumns: [calculations.companyId, calculations.id],
    }).onDelete("cascade"),
    index("calculation_logs_calculation_idx").on(t.companyId, t.calculationId, t.at),
  ],
);
