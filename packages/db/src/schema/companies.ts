import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns.ts";
import { users } from "./users.ts";

export const companies = pgTable(
  "companies",
  {
    id: id(),
    name: text("name").notNull(),
    /** PENDING until the registrant opens the validation link; VALIDATED afterwards. */
    status: text("status").notNull().default("PENDING"),
    validatedAt: instant("validated_at"),
    country: text("country"),
    industry: text("industry"),
    employees: text("employees"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("companies_name_lower_key").on(sql`lower(${t.name})`),
    check("companies_status_check", sql`${t.status} in ('PENDING', 'VALIDATED')`),
  ],
);

export const licenseTypes = pgTable(
  "license_types",
  {
    id: id(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("license_types_name_key").on(t.name)],
);

export const memberships = pgTable(
  "memberships",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupName: text("group_name").notNull(),
    licenseTypeId: integer("license_type_id")
      .notNull()
      .references(() => licenseTypes.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("memberships_company_user_key").on(t.companyId, t.userId),
    // The one index not led by company_id: "which companies am I in" is asked on every request.
    index("memberships_user_idx").on(t.userId),
  ],
);

const decisionCheck = (name: string, column: unknown) =>
  check(name, sql`${column} in ('PENDING', 'ACCEPTED', 'DECLINED')`);

/** A user asks to join a company; its administrators accept or decline. */
export const companyRequests = pgTable(
  "company_requests",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("PENDING"),
    createdAt: createdAt(),
    decidedAt: instant("decided_at"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("company_requests_company_idx").on(t.companyId, t.status, t.createdAt),
    index("company_requests_user_idx").on(t.userId),
    uniqueIndex("company_requests_one_pending_key")
      .on(t.companyId, t.userId)
      .where(sql`${t.status} = 'PENDING'`),
    decisionCheck("company_requests_status_check", t.status),
  ],
);

/** A company's administrator invites an e-mail address; the invitee accepts or declines. */
export const companyInvitations = pgTable(
  "company_invitations",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    groupName: text("group_name").notNull(),
    status: text("status").notNull().default("PENDING"),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    decidedAt: instant("decided_at"),
  },
  (t) => [
    index("company_invitations_company_idx").on(t.companyId, t.status, t.createdAt),
    index("company_invitations_email_idx").on(t.email),
    uniqueIndex("company_invitations_one_pending_key")
      .on(t.companyId, t.email)
      .where(sql`${t.status} = 'PENDING'`),
    decisionCheck("company_invitations_status_check", t.status),
  ],
);
