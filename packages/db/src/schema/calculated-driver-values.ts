import {
  bigint,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
} from "drizzle-orm/pg-core";
import { calculations } from "./calculations.ts";
import { calculatedDrivers } from "./model-master-data.ts";

// Results of a calculated-drivers run (category CALCULATED_DRIVERS): each driver's value on each
// record, and each driver's total. Rows belong to one calculation; readers take the scenario's
// latest FINISHED run, so a run's rows become visible all at once when its status flips.

/** One calculated driver's value on one record (values are the formula's doubles, noise dropped). */
export const calculatedDriverValues = pgTable(
  "calculated_driver_values",
  {
    companyId: integer("company_id").notNull(),
    calculationId: integer("calculation_id").notNull(),
    calculatedDriverId: integer("calculated_driver_id").notNull(),
    /** dimension_records.id; no foreign key, so deleting records never waits on result rows. */
    recordId: bigint("record_id", { mode: "number" }).notNull(),
    value: doublePrecision("value").notNull(),
  },
  (t) => [
    primaryKey({
      name: "calculated_driver_values_pk",
      columns: [t.calculationId, t.calculatedDriverId, t.recordId],
    }),
    foreignKey({
      name: "calculated_driver_values_calculation_fk",
      columns: [t.companyId, t.calculationId],
      foreignColumns: [calculations.companyId, calculations.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "calculated_driver_values_driver_fk",
      columns: [t.companyId, t.calculatedDriverId],
      foreignColumns: [calculatedDrivers.companyId, calculatedDrivers.id],
    }).onDelete("cascade"),
    index("calculated_driver_values_company_idx").on(t.companyId, t.calculationId),
  ],
);

/** One calculated driver's total over its dimension's records in one run (the spec's sum_value). */
export const calculatedDriverTotals = pgTable(
  "calculated_driver_totals",
  {
    companyId: integer("company_id").notNull(),
    calculationId: integer("calculation_id").notNull(),
    calculatedDriverId: integer("calculated_driver_id").notNull(),
    /** Compensated sum of the values, not of rounded values. */
    sumValue: doublePrecision("sum_value").notNull(),
    records: integer("records").notNull(),
  },
  (t) => [
    primaryKey({ name: "calculated_driver_totals_pk", columns: [t.calculationId, t.calculatedDriverId] }),
    foreignKey({
      name: "calculated_driver_totals_calculation_fk",
      columns: [t.companyId, t.calculationId],
      foreignColumns: [calculations.companyId, calculations.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "calculated_driver_totals_driver_fk",
      columns: [t.companyId, t.calculatedDriverId],
      foreignColumns: [calculatedDrivers.companyId, calculatedDrivers.id],
    }).onDelete("cascade"),
  ],
);
