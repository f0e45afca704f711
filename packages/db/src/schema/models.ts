import { sql } from "drizzle-orm";
import { check, date, foreignKey, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

// Company-owned data: every row carries company_id and every index leads with it, so each query
// is filtered by the caller's company and the tables can later be distributed by company.
export const models = pgTable(
  "models",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    shortDescription: text("short_description").notNull().default(""),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").defaultNow().notNull(),
  },
  (t) => [
    // Lets scenarios reference (company_id, id), so a scenario can never sit under another company's model.
    unique("models_company_id_key").on(t.companyId, t.id),
    index("models_company_created_idx").on(t.companyId, t.createdAt),
  ],
);

export const scenarios = pgTable(
  "scenarios",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    modelId: integer("model_id").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    periodFrom: date("period_from", { mode: "string" }).notNull(),
    periodTo: date("period_to", { mode: "string" }).notNull(),
    currency: text("currency").notNull().default("EUR"),
    status: text("status").notNull().default("NEW"),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").defaultNow().notNull(),
    finishedAt: instant("finished_at"),
  },
  (t) => [
    foreignKey({
      name: "scenarios_model_fk",
      columns: [t.companyId, t.modelId],
      foreignColumns: [models.companyId, models.id],
    }).onDelete("cascade"),
    unique("scenarios_company_id_key").on(t.companyId, t.id),
    index("scenarios_company_model_idx").on(t.companyId, t.modelId, t.createdAt),
    check("scenarios_status_check", sql`${t.status} in ('NEW', 'IN_PROGRESS', 'FINISHED')`),
    check("scenarios_period_check", sql`${t.periodFrom} <= ${t.periodTo}`),
    check("scenarios_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);
