import { PDF_ORIENTATIONS, PDF_REPORT_TYPES } from "@costflow/contract/pdf-reports";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

/**
 * PDF reports (docs/pdf.md): a title, a description, a type, an orientation and `data`, the blocks
 * the user composed (and the scenario they were composed on). Private to the owner unless shared,
 * like the saved reports; kept apart from them because the blocks outgrow a saved report's 4,000
 * characters of filters.
 */
export const pdfReports = pgTable(
  "pdf_reports",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    type: text("type").notNull().default("REPORT"),
    orientation: text("orientation").notNull().default("portrait"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    shared: boolean("shared").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").defaultNow().notNull(),
  },
  (t) => [
    index("pdf_reports_company_owner_idx").on(t.companyId, t.ownerId, t.id),
    index("pdf_reports_company_shared_idx").on(t.companyId, t.id).where(sql`${t.shared}`),
    check("pdf_reports_type_check", sql.raw(`type in (${PDF_REPORT_TYPES.map((x) => `'${x}'`).join(", ")})`)),
    check(
      "pdf_reports_orientation_check",
      sql.raw(`orientation in (${PDF_ORIENTATIONS.map((x) => `'${x}'`).join(", ")})`),
    ),
  ],
);
