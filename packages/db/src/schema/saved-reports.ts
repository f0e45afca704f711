import { SAVED_REPORT_TYPES } from "@costflow/contract/saved-reports";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

/**
 * A report page's filters saved under a title ("My reports"). Private to its owner unless
 * `shared`, then readable by every member of the company; only the owner or a company admin
 * changes it.
 */
export const savedReports = pgTable(
  "saved_reports",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    type: text("type").notNull(),
    /** The report page's filters (scenario, dimension, line, side, limit…), as the page sent them. */
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    shared: boolean("shared").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").defaultNow().notNull(),
  },
  (t) => [
    index("saved_reports_company_owner_idx").on(t.companyId, t.ownerId, t.id),
    index("saved_reports_company_shared_idx").on(t.companyId, t.id).where(sql`${t.shared}`),
    check(
      "saved_reports_type_check",
      sql.raw(`type in (${SAVED_REPORT_TYPES.map((x) => `'${x}'`).join(", ")})`),
    ),
  ],
);
