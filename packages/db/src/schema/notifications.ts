import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
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
    /** Title and message in the recipient's language when written (kept for rows without a key). */
    title: text("title").notNull(),
    message: text("message").notNull(),
    /**
     * What the text says, rendered again in the reader's language when read: a server message key
     * ("emails.notifications.welcome") or an upload message key ("uploads:notifications.PROCESSED").
     */
    messageKey: text("message_key"),
    params: jsonb("params").$type<Record<string, string | number>>().notNull().default({}),
    link: text("link"),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt)],
);
