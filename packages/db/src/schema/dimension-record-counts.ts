import { bigint, foreignKey, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { dimensions } from "./model-master-data.ts";
import { scenarios } from "./models.ts";

/**
 * How many records a dimension has in a scenario, kept exact by statement-level triggers on
 * dimension_records (migration 0004): record lists answer `count` from here instead of counting a
 * million rows per page. Every writer (API, uploads, imports, COPY) goes through the triggers.
 */
export const dimensionRecordCounts = pgTable(
  "dimension_record_counts",
  {
    companyId: integer("company_id").notNull(),
    scenarioId: integer("scenario_id").notNull(),
    dimensionId: integer("dimension_id").notNull(),
    records: bigint("records", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "dimension_record_counts_pk", columns: [t.scenarioId, t.dimensionId] }),
    foreignKey({
      name: "dimension_record_counts_scenario_fk",
      columns: [t.companyId, t.scenarioId],
      foreignColumns: [scenarios.companyId, scenarios.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "dimension_record_counts_dimension_fk",
      columns: [t.companyId, t.dimensionId],
      foreignColumns: [dimensions.companyId, dimensions.id],
    }).onDelete("cascade"),
  ],
);
