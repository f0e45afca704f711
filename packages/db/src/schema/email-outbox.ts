import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns.ts";
import { companies } from "./companies.ts";

/**
 * Every e-mail the application sends. Without SMTP this table is the delivery (transport
 * "outbox", readable by administrators); with SMTP it is the record, secret links masked.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    /** The company the message is about (invitation, validation); null for account e-mails. */
    companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    transport: text("transport").notNull(),
    status: text("status").notNull().default("QUEUED"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: instant("sent_at"),
  },
  (t) => [
    index("email_outbox_created_idx").on(t.createdAt),
    index("email_outbox_to_idx").on(t.toEmail),
    check("email_outbox_transport_check", sql`${t.transport} in ('outbox', 'smtp')`),
    check("email_outbox_status_check", sql`${t.status} in ('QUEUED', 'SENT', 'FAILED')`),
  ],
);
