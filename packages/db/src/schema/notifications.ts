import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

/** Addressed to one user; `companyId` is the company it is about, if any. */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    link: text("link"),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt)],
);
