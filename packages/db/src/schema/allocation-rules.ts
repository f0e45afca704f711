import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { check, foreignKey, index, integer, numeric, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { companies } from "./companies.ts";
import {
  activities,
  calculatedDrivers,
  costPoolDrivers,
  costPools,
  dimensionDrivers,
  dimensions,
  financialAccounts,
} from "./model-master-data.ts";
import { scenarios } from "./models.ts";

// The six rule sets of a scenario (docs/data-model.md, shared/guide/allocation-semantics.md).
// Percentages are stored as the ratio the spec sends (percentage / 100, six decimals).

const companyId = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
const scenarioId = () => integer("scenario_id").notNull();
const ratio = () => numeric("ratio", { precision: 12, scale: 6 }).notNull().default("1");
type Scoped = { companyId: AnyPgColumn; scenarioId: AnyPgColumn };
const scenarioFk = (name: string, t: Scoped) =>
  foreignKey({
    name,
    columns: [t.companyId, t.scenarioId],
    foreignColumns: [scenarios.companyId, scenarios.id],
  }).onDelete("cascade");

/** Step 1: financial account -> cost pool. */
export const accountAllocations = pgTable(
  "account_allocations",
  {
    id: id(),
    companyId: companyId(),
    scenarioId: scenarioId(),
    sourceId: integer("source_id").notNull(),
    destinationId: integer("destination_id").notNull(),
    /** PERCENTAGE or DRIVER */
    type: text("type").notNull().default("PERCENTAGE"),
    ratio: ratio(),
    driverId: integer("driver_id"),
    createdAt: createdAt(),
  },
  (t) => [
    scenarioFk("account_allocations_scenario_fk", t),
    foreignKey({
      name: "account_allocations_source_fk",
      columns: [t.companyId, t.sourceId],
      foreignColumns: [financialAccounts.companyId, financialAccounts.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "account_allocations_destination_fk",
      columns: [t.companyId, t.destinationId],
      foreignColumns: [costPools.companyId, costPools.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "account_allocations_driver_fk",
      columns: [t.companyId, t.driverId],
      foreignColumns: [costPoolDrivers.companyId, costPoolDrivers.id],
    }).onDelete("cascade"),
    unique("account_allocations_company_id_key").on(t.companyId, t.id),
    index("account_allocations_scenario_idx").on(t.companyId, t.scenarioId, t.sourceId),
    check("account_allocations_type_check", sql`${t.type} in ('PERCENTAGE', 'DRIVER')`),
    check("account_allocations_ratio_check", sql`${t.ratio} between 0 and 1`),
  ],
);

/** Step 2: indirect cost pool -> cost pool (never itself). */
export const costPoolAllocations = pgTable(
  "cost_pool_allocations",
  {
    id: id(),
    companyId: companyId(),
    scenarioId: scenarioId(),
    sourceId: integer("source_id").notNull(),
    destinationId: integer("destination_id").notNull(),
    type: text("type").notNull().default("PERCENTAGE"),
    ratio: ratio(),
    driverId: integer("driver_id"),
    createdAt: createdAt(),
  },
  (t) => [
    scenarioFk("cost_pool_allocations_scenario_fk", t),
    foreignKey({
      name: "cost_pool_allocations_source_fk",
      columns: [t.companyId, t.sourceId],
      foreignColumns: [costPools.companyId, costPools.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "cost_pool_allocations_destination_fk",
      columns: [t.companyId, t.destinationId],
      foreignColumns: [costPools.companyId, costPools.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "cost_pool_allocations_driver_fk",
      columns: [t.companyId, t.driverId],
      foreignColumns: [costPoolDrivers.companyId, costPoolDrivers.id],
    }).onDelete("cascade"),
    unique("cost_pool_allocations_company_id_key").on(t.companyId, t.id),
    index("cost_pool_allocations_scenario_idx").on(t.companyId, t.scenarioId, t.sourceId),
    check("cost_pool_allocations_type_check", sql`${t.type} in ('PERCENTAGE', 'DRIVER')`),
    check("cost_pool_allocations_ratio_check", sql`${t.ratio} between 0 and 1`),
    check("cost_pool_allocations_not_self_check", sql`${t.sourceId} <> ${t.destinationId}`),
  ],
);

/** Step 3: direct cost pool -> activity; tdabc_ratio = unit minutes for time-driven pools. */
export const directAllocations = pgTable(
  "direct_allocations",
  {
    id: id(),
    companyId: companyId(),
    scenarioId: scenarioId(),
    sourceId: integer("source_id").notNull(),
    destinationId: integer("destination_id").notNull(),
    type: text("type").notNull().default("PERCENTAGE"),
    ratio: ratio(),
    tdabcRatio: numeric("tdabc_ratio"),
    createdAt: createdAt(),
  },
  (t) => [
    scenarioFk("direct_allocations_scenario_fk", t),
    foreignKey({
      name: "direct_allocations_source_fk",
      columns: [t.companyId, t.sourceId],
      foreignColumns: [costPools.companyId, costPools.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "direct_allocations_destination_fk",
      columns: [t.companyId, t.destinationId],
      foreignColumns: [activities.companyId, activities.id],
    }).onDelete("cascade"),
    unique("direct_allocations_company_id_key").on(t.companyId, t.id),
    index("direct_allocations_scenario_idx").on(t.companyId, t.scenarioId, t.sourceId),
    check("direct_allocations_ratio_check", sql`${t.ratio} between 0 and 1`),
    check("direct_allocations_tdabc_check", sql`${t.tdabcRatio} is null or ${t.tdabcRatio} >= 0`),
  ],
);

const splitType = (dflt: string) => text("split_type").notNull().default(dflt);

/** Step 4: activity -> dimension (one rule per activity and scenario). */
export const activityAllocations = pgTable(
  "activity_allocations",
  {
    id: id(),
    companyId: companyId(),
    scenarioId: scenarioId(),
    sourceId: integer("source_id").notNull(),
    destinationId: integer("destination_id").notNull(),
    splitType: splitType("EVEN"),
    allocationDriverId: integer("allocation_driver_id"),
    equation: text("equation").notNull().default(""),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    scenarioFk("activity_allocations_scenario_fk", t),
    foreignKey({
      name: "activity_allocations_source_fk",
      columns: [t.companyId, t.sourceId],
      foreignColumns: [activities.companyId, activities.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "activity_allocations_destination_fk",
      columns: [t.companyId, t.destinationId],
      foreignColumns: [dimensions.companyId, dimensions.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "activity_allocations_driver_fk",
      columns: [t.companyId, t.allocationDriverId],
      foreignColumns: [dimensionDrivers.companyId, dimensionDrivers.id],
    }).onDelete("set null"), // nulls only the id column, never company_id (migration 0005)
    unique("activity_allocations_company_id_key").on(t.companyId, t.id),
    unique("activity_allocations_source_key").on(t.companyId, t.scenarioId, t.sourceId),
    check("activity_allocations_split_check", sql`${t.splitType} in ('EVEN', 'DRIVER', 'FORMULA')`),
  ],
);

/** Step 5: costs of an activity resting on parent records pushed to child records. */
export const dimensionAllocations = pgTable(
  "dimension_allocations",
  {
    id: id(),
    companyId: companyId(),
    scenarioId: scenarioId(),
    sourceActivityId: integer("source_activity_id").notNull(),
    sourceParentId: integer("source_parent_id").notNull(),
    destinationChildId: integer("destination_child_id").notNull(),
    splitType: splitType("NOT_ALLOCATE"),
    allocationDriverId: integer("allocation_driver_id"),
    equation: text("equation").notNull().default("NOT_ALLOCATE"),
    createdAt: createdAt(),
  },
  (t) => [
    scenarioFk("dimension_allocations_scenario_fk", t),
    foreignKey({
      name: "dimension_allocations_activity_fk",
      columns: [t.companyId, t.sourceActivityId],
      foreignColumns: [activities.companyId, activities.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "dimension_allocations_parent_fk",
      columns: [t.companyId, t.sourceParentId],
      foreignColumns: [dimensions.companyId, dimensions.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "dimension_allocations_child_fk",
      columns: [t.companyId, t.destinationChildId],
      foreignColumns: [dimensions.companyId, dimensions.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "dimension_allocations_driver_fk",
      columns: [t.companyId, t.allocationDriverId],
      foreignColumns: [dimensionDrivers.companyId, dimensionDrivers.id],
    }).onDelete("set null"), // nulls only the id column, never company_id (migration 0005)
    unique("dimension_allocations_company_id_key").on(t.companyId, t.id),
    unique("dimension_allocations_key").on(t.companyId, t.scenarioId, t.sourceActivityId, t.sourceParentId),
    check(
      "dimension_allocations_split_check",
      sql`${t.splitType} in ('NOT_ALLOCATE', 'EVEN', 'DRIVER', 'FORMULA')`,
    ),
  ],
);

/** Step 6: calculated-driver values resting on parent records pushed to child records. */
export const calculatedDriverAllocations = pgTable(
  "calculated_driver_allocations",
  {
    id: id(),
    companyId: companyId(),
    scenarioId: scenarioId(),
    sourceDriverId: integer("source_driver_id").notNull(),
    sourceParentId: integer("source_parent_id").notNull(),
    destinationChildId: integer("destination_child_id").notNull(),
    splitType: splitType("NOT_ALLOCATE"),
    allocationDriverId: integer("allocation_driver_id"),
    equation: text("equation").notNull().default("NOT_ALLOCATE"),
    createdAt: createdAt(),
  },
  (t) => [
    scenarioFk("calculated_driver_allocations_scenario_fk", t),
    foreignKey({
      name: "calculated_driver_allocations_driver_fk",
      columns: [t.companyId, t.sourceDriverId],
      foreignColumns: [calculatedDrivers.companyId, calculatedDrivers.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "calculated_driver_allocations_parent_fk",
      columns: [t.companyId, t.sourceParentId],
      foreignColumns: [dimensions.companyId, dimensions.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "calculated_driver_allocations_child_fk",
      columns: [t.companyId, t.destinationChildId],
      foreignColumns: [dimensions.companyId, dimensions.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "calculated_driver_allocations_alloc_driver_fk",
      columns: [t.companyId, t.allocationDriverId],
      foreignColumns: [dimensionDrivers.companyId, dimensionDrivers.id],
    }).onDelete("set null"), // nulls only the id column, never company_id (migration 0005)
    unique("calculated_driver_allocations_company_id_key").on(t.companyId, t.id),
    unique("calculated_driver_allocations_key").on(
      t.companyId,
      t.scenarioId,
      t.sourceDriverId,
      t.sourceParentId,
    ),
    check(
      "calculated_driver_allocations_split_check",
      sql`${t.splitType} in ('NOT_ALLOCATE', 'EVEN', 'DRIVER', 'FORMULA')`,
    ),
  ],
);
