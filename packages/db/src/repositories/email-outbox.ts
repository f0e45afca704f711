import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { memberships } from "../schema/companies.ts";
import { emailOutbox } from "../schema/email-outbox.ts";
import { users } from "../schema/users.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type OutboxEmail = typeof emailOutbox.$inferSelect;
export type NewOutboxEmail = typeof emailOutbox.$inferInsert;

/**
 * The e-mails a company's administrators may read: those about the company, and those sent to
 * its members. Another company's mail (and its reset links) stays invisible.
 */
function visibleTo(companyId: number): SQL {
  const memberEmails = sql`(select ${users.email} from ${memberships} join ${users} on ${users.id} = ${memberships.userId} where ${memberships.companyId} = ${companyId})`;
  return or(eq(emailOutbox.companyId, companyId), sql`${emailOutbox.toEmail} in ${memberEmails}`)!;
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

    async findVisible(companyId: number, id: number, tx: Executor = db): Promise<OutboxEmail | undefined> {
      const [row] = await tx
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.id, id), visibleTo(companyId)));
      return row;
    },

    async listVisible(
      companyId: number,
      filter: { to?: string | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<OutboxEmail>> {
      const conditions = [visibleTo(companyId)];
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

export type EmailOutboxRepository = ReturnType<typeof emailOutboxRepository>;
