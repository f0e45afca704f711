import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, integer, pgTable, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { companies } from "./companies.ts";
import { models } from "./models.ts";

// Master data of a model, shared by all its scenarios (docs/data-model.md). Every row carries
// company_id; children reference parents by (company_id, id) so nothing crosses companies.

const companyId = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
const modelId = () => integer("model_id").notNull();

export const financialAccounts = pgTable(
  "financial_accounts",
  {
    id: id(),
    companyId: companyId(),
    modelId: modelId(),
    /** The spec's `ID`, the bundle's account_code. */
    code: text("code").notNull(),
    name: text("name").notNull(),
    expenseGroup: text("expense_group").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: "financial_accounts_model_fk",
      columns: [t.companyId, t.modelId],
      foreignColumns: [models.companyId, models.id],
    }).onDelete("cascade"),
    unique("financial_accounts_company_id_key").on(t.companyId, t.id),
    unique("financial_accounts_model_code_key").on(t.companyId, t.modelId, t.code),
  ],
);

export const costPools = pgTable(
  "cost_pools",
  {
    id: id(),
    companyId: companyId(),
    modelId: modelId(),
    /** The spec's `identifier`, the bundle's pool_code. */
    code: text("code").notNull(),
    name: text("name").notNull(),
    isDirect: boolean("is_direct").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: "cost_pools_model_fk",
      columns: [t.companyId, t.modelId],
      foreignColumns: [models.companyId, models.id],
    }).onDelete("cascade"),
    unique("cost_pools_company_id_key").on(t.companyId, t.id),
    unique("cost_pools_model_code_key").on(t.companyId, t.modelId, t.code),
  ],
);

export const costPoolDrivers = pgTable(
  "cost_pool_drivers",
  {
    id: id(),
    companyId: companyId(),
    modelId: modelId(),
    name: text("name").notNull(),
    /** DECI (default), TEXT, DATE. */
    displayType: text("display_type").notNull().default("DECI"),
    /** At most one per model, and decimal: its values are practical capacities in minutes. */
    isTdabc: boolean("is_tdabc").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: "cost_pool_drivers_model_fk",
      columns: [t.companyId, t.modelId],
      foreignColumns: [models.companyId, models.id],
    }).onDelete("cascade"),
    unique("cost_pool_drivers_company_id_key").on(t.companyId, t.id),
    unique("cost_pool_drivers_model_name_key").on(t.companyId, t.modelId, t.name),
    uniqueIndex("cost_pool_drivers_one_tdabc_key").on(t.companyId, t.modelId).where(sql`${t.isTdabc}`),
    check("cost_pool_drivers_type_check", sql`${t.displayType} in ('DECI', 'TEXT', 'DATE')`),
    check("cost_pool_drivers_tdabc_deci_check", sql`not ${t.isTdabc} or ${t.displayType} = 'DECI'`),
  ],
);

export const activities = pgTable(
  "activities",
  {
    id: id(),
    companyId: companyId(),
    modelId: modelId(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    isTdabc: boolean("is_tdabc").notNull().default(false),
    costPoolId: integer("cost_pool_id"),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: "activities_model_fk",
      columns: [t.companyId, t.modelId],
      foreignColumns: [models.companyId, models.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "activities_pool_fk",
      columns: [t.companyId, t.costPoolId],
      foreignColumns: [costPools.companyId, costPools.id],
    }).onDelete("restrict"),
    unique("activities_company_id_key").on(t.companyId, t.id),
    unique("activities_model_code_key").on(t.companyId, t.modelId, t.code),
  ],
);

export const dimensions = pgTable(
  "dimensions",
  {
    id: id(),
    companyId: companyId(),
    modelId: modelId(),
    code: text("code").notNull(),
    /** The spec's `title`. */
    name: text("name").notNull(),
    /** The spec's `pid`: the parent dimension, null for a root. */
    parentId: integer("parent_id"),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: "dimensions_model_fk",
      columns: [t.companyId, t.modelId],
      foreignColumns: [models.companyId, models.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "dimensions_parent_fk",
      columns: [t.companyId, t.parentId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete("set null"), // nulls only the id column, never company_id (migration 0005)
    unique("dimensions_company_id_key").on(t.companyId, t.id),
    unique("dimensions_model_code_key").on(t.companyId, t.modelId, t.code),
  ],
);

export const dimensionDrivers = pgTable(
  "dimension_drivers",
  {
    id: id(),
    companyId: companyId(),
    dimensionId: integer("dimension_id").notNull(),
    name: text("name").notNull(),
    /** DATE, TEXT, DECI, DIMENSION (a relationship driver named <TARGET_CODE>_ID). */
    dataType: text("data_type").notNull().default("DECI"),
    targetDimensionId: integer("target_dimension_id"),
    /** Column label shown in tables (get-labels); defaults to the name. */
    label: text("label"),
    isPnlLine: boolean("is_pnl_line").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: "dimension_drivers_dimension_fk",
      columns: [t.companyId, t.dimensionId],
      foreignColumns: [dimensions.companyId, dimensions.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "dimension_drivers_target_fk",
      columns: [t.companyId, t.targetDimensionId],
      foreignColumns: [dimensions.companyId, dimensions.id],
    }).onDelete("cascade"),
    unique("dimension_drivers_company_id_key").on(t.companyId, t.id),
    unique("dimension_drivers_dimension_name_key").on(t.companyId, t.dimensionId, t.name),
    check("dimension_drivers_type_check", sql`${t.dataType} in ('DATE', 'TEXT', 'DECI', 'DIMENSION')`),
    check(
      "dimension_drivers_target_check",
      sql`(${t.dataType} = 'DIMENSION') = (${t.targetDimensionId} is not null)`,
    ),
  ],
);

export const calculatedDrivers = pgTable(
  "calculated_drivers",
  {
    id: id(),
    companyId: companyId(),
    modelId: modelId(),
    dimensionId: integer("dimension_id").notNull(),
    name: text("name").notNull(),
    /** Starts with "="; may use the dimension's drivers and calculated drivers defined before it. */
    formula: text("formula").notNull().default("="),
    type: text("type").notNull().default("DECI"),
    isPnlLine: boolean("is_pnl_line").notNull().default(false),
    /** Definition order: a calculated driver may use only those with a lower position. */
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: "calculated_drivers_model_fk",
      columns: [t.companyId, t.modelId],
      foreignColumns: [models.companyId, models.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "calculated_drivers_dimension_fk",
      columns: [t.companyId, t.dimensionId],
      foreignColumns: [dimensions.companyId, dimensions.id],
    }).onDelete("cascade"),
    unique("calculated_drivers_company_id_key").on(t.companyId, t.id),
    unique("calculated_drivers_dimension_name_key").on(t.companyId, t.dimensionId, t.name),
  ],
);

export const reportLines = pgTable(
  "report_lines",
  {
    id: id(),
    companyId: companyId(),
    modelId: modelId(),
    code: text("code").notNull(),
    description: text("description").notNull().default(""),
    /** ACT (default), DRI, FOR, AGG (the spec's "aggregation"). */
    category: text("category").notNull().default("ACT"),
    activityId: integer("activity_id"),
    calculatedDriverId: integer("calculated_driver_id"),
    dimensionId: integer("dimension_id"),
    formula: text("formula").notNull().default("="),
    factor: integer("factor").notNull().default(1),
    parentId: integer("parent_id"),
    rank: integer("rank").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: "report_lines_model_fk",
      columns: [t.companyId, t.modelId],
      foreignColumns: [models.companyId, models.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "report_lines_activity_fk",
      columns: [t.companyId, t.activityId],
      foreignColumns: [activities.companyId, activities.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "report_lines_driver_fk",
      columns: [t.companyId, t.calculatedDriverId],
      foreignColumns: [calculatedDrivers.companyId, calculatedDrivers.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "report_lines_dimension_fk",
      columns: [t.companyId, t.dimensionId],
      foreignColumns: [dimensions.companyId, dimensions.id],
    }).onDelete("set null"), // nulls only the id column, never company_id (migration 0005)
    foreignKey({
      name: "report_lines_parent_fk",
      columns: [t.companyId, t.parentId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete("set null"), // nulls only the id column, never company_id (migration 0005)
    unique("report_lines_company_id_key").on(t.companyId, t.id),
    unique("report_lines_model_code_key").on(t.companyId, t.modelId, t.code),
    check("report_lines_category_check", sql`${t.category} in ('ACT', 'DRI', 'FOR', 'AGG')`),
    check("report_lines_factor_check", sql`${t.factor} in (1, -1)`),
  ],
);
