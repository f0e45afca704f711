import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/** Secrets the server generates for itself on first start (the JWT key when JWT_SECRET is unset). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
