import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns.ts";

export const users = pgTable(
  "users",
  {
    id: id(),
    /** Always stored in lower case (the contract's Email schema lowercases it). */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    role: text("role").notNull().default("client"),
    isActive: boolean("is_active").notNull().default(true),
    passwordChangedAt: instant("password_changed_at").defaultNow().notNull(),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    check("users_role_check", sql`${t.role} in ('admin', 'client')`),
    check("users_email_lower_check", sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Refresh tokens, one row per issued token (the JWT's `jti`). A login starts a family; each
 * refresh revokes the presented token and issues the next one in the same family. Presenting a
 * revoked token again means it was stolen or replayed: the whole family is revoked.
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    jti: uuid("jti").primaryKey(),
    familyId: uuid("family_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: instant("expires_at").notNull(),
    revokedAt: instant("revoked_at"),
    replacedBy: uuid("replaced_by"),
  },
  (t) => [index("refresh_tokens_user_idx").on(t.userId), index("refresh_tokens_family_idx").on(t.familyId)],
);
