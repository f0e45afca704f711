import { sql } from "drizzle-orm";
import { check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "./columns.ts";
import { companies } from "./companies.ts";
import { models, scenarios } from "./models.ts";
import { users } from "./users.ts";

/**
 * One row per user. The selected company is the caller's tenant on every request (checked
 * against memberships each time); deleting the selected model or scenario clears it.
 */
export const userSettings = pgTable(
  "user_settings",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    language: text("language").notNull().default("en"),
    skin: text("skin").notNull().default("light"),
    selectedCompanyId: integer("selected_company_id").references(() => companies.id, {
      onDelete: "set null",
    }),
    selectedModelId: integer("selected_model_id").references(() => models.id, { onDelete: "set null" }),
    selectedScenarioId: integer("selected_scenario_id").references(() => scenarios.id, {
      onDelete: "set null",
    }),
    updatedAt: instant("updated_at").defaultNow().notNull(),
  },
  (t) => [
    check("user_settings_language_check", sql`${t.language} in ('en', 'ar', 'es', 'pt')`),
    check("user_settings_skin_check", sql`${t.skin} in ('light', 'dark', 'bordered', 'semi-dark')`),
  ],
);
