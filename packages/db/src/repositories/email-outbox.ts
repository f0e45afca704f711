import { and, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { memberships } from "../schema/companies.ts";
import { emailOutbox } from "../schema/email-outbox.ts";
import { users } from "../schema/users.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type OutboxEmail = typeof emailOutbox.$inferSelect;
type NewOutboxEmail = typeof emailOutbox.$inferInsert;

/** Who reads the outbox: an administrator, in their selected company. */
export interface OutboxReader {
  companyId: number;
  userId: number;
  /** The membership group whose members administer a company. */
  adminGroup: string;
}

/**
 * The e-mails a company's administrator may read: those about the company (invitations,
 * validation), and account e-mails (password resets) to its members, but only to members whose
 * every membership is in a company the reader administers. Otherwise reading a reset link would
 * let the administrator of one company take over an account that also works in another.
 */
function visibleTo(reader: OutboxReader): SQL {
  const administered = sql`(select m.company_id from ${memberships} m where m.user_id = ${reader.userId} and m.group_name = ${reader.adminGroup})`;
  const recipients = sql`(
    select u.email from ${users} u
    where exists (select 1 from ${memberships} m where m.user_id = u.id and m.company_id = ${reader.companyId})
      and not exists (select 1 from ${memberships} m where m.user_id = u.id and m.company_id not in ${administered})
  )`;
  return or(
    eq(emailOutbox.companyId, reader.companyId),
    and(isNull(emailOutbox.companyId), sql`${emailOutbox.toEmail} in ${recipients}`),
  )!;
}

export function emailOutboxRepository(db: Database) {
  return {
    async insert(email: NewOutboxEmail, tx: Executor = db): Promise<OutboxEmail> {
      const [row] = await tx.insert(emailOutbox).values(email).returning();
      return row!;
    },

    /** By id, without a tenancy filter: for the sending job only. */
    async findForDelivery(id: number, tx: Executor = db): Promise<OutboxEmail | undefined> {
      const [row] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      return row;
    },

    async findVisible(reader: OutboxReader, id: number, tx: Executor = db): Promise<OutboxEmail | undefined> {
      const [row] = await tx
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.id, id), visibleTo(reader)));
      return row;
    },

    async listVisible(
      reader: OutboxReader,
      filter: { to?: string | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<OutboxEmail>> {
      const conditions = [visibleTo(reader)];
      if (filter.to) conditions.push(eq(emailOutbox.toEmail, filter.to));
      const where = and(...conditions);
      const rows = await tx
        .select()
        .from(emailOutbox)
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            { created_at: emailOutbox.createdAt, to: emailOutbox.toEmail },
            "-created_at",
            emailOutbox.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      const count = await tx.$count(emailOutbox, where);
      return { rows, count };
    },

    async recordAttempt(
      id: number,
      outcome: { status: "SENT" | "FAILED" | "QUEUED"; error?: string | null },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(emailOutbox)
        .set({
          status: outcome.status,
          lastError: outcome.error ?? null,
          attempts: sql`${emailOutbox.attempts} + 1`,
          ...(outcome.status === "SENT" ? { sentAt: new Date() } : {}),
        })
        .where(eq(emailOutbox.id, id));
    },
  };
}
