import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

/**
 * Single-use links sent by e-mail (password reset, company validation). Only a SHA-256 hash of
 * the token is stored, so the table alone cannot be turned into working links.
 */
export const actionTokens = pgTable(
  "action_tokens",
  {
    id: id(),
    purpose: text("purpose").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The company a validation token confirms; null for password resets. */
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
  },
  (t) => [
    uniqueIndex("action_tokens_hash_key").on(t.tokenHash),
    index("action_tokens_user_idx").on(t.userId, t.purpose),
    check("action_tokens_purpose_check", sql`${t.purpose} in ('PASSWORD_RESET', 'COMPANY_VALIDATION')`),
  ],
);
