import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { companies, companyInvitations, companyRequests, memberships } from "../schema/companies.ts";
import { users } from "../schema/users.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type DecisionStatus = "PENDING" | "ACCEPTED" | "DECLINED";

export interface CompanyRequestView {
  id: number;
  companyId: number;
  companyName: string;
  userId: number;
  userEmail: string;
  userFirstName: string;
  userLastName: string;
  status: DecisionStatus;
  createdAt: Date;
}

export interface CompanyInvitationView {
  id: number;
  companyId: number;
  companyName: string;
  email: string;
  groupName: string;
  status: DecisionStatus;
  invitedBy: number | null;
  createdAt: Date;
}

const requestView = {
  id: companyRequests.id,
  companyId: companyRequests.companyId,
  companyName: companies.name,
  userId: companyRequests.userId,
  userEmail: users.email,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  status: sql<DecisionStatus>`${companyRequests.status}`,
  createdAt: companyRequests.createdAt,
};

const invitationView = {
  id: companyInvitations.id,
  companyId: companyInvitations.companyId,
  companyName: companies.name,
  email: companyInvitations.email,
  groupName: companyInvitations.groupName,
  status: sql<DecisionStatus>`${companyInvitations.status}`,
  invitedBy: companyInvitations.invitedBy,
  createdAt: companyInvitations.createdAt,
};

/** Requests to join a company and invitations to one. */
export function companyRequestsRepository(db: Database) {
  return {
    /** Creates a pending request; undefined when one is already pending for that company and user. */
    async createRequest(companyId: number, userId: number, tx: Executor = db): Promise<number | undefined> {
      const [row] = await tx
        .insert(companyRequests)
        .values({ companyId, userId })
        .onConflictDoNothing()
        .returning({ id: companyRequests.id });
      return row?.id;
    },

    async findRequest(id: number, tx: Executor = db): Promise<CompanyRequestView | undefined> {
      const [row] = await tx
        .select(requestView)
        .from(companyRequests)
        .innerJoin(companies, eq(companies.id, companyRequests.companyId))
        .innerJoin(users, eq(users.id, companyRequests.userId))
        .where(eq(companyRequests.id, id));
      return row;
    },

    /** The user's own requests plus those addressed to companies where they are in `adminGroup`. */
    async listRequestsVisibleTo(
      userId: number,
      adminGroup: string,
      filter: { status?: DecisionStatus | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<CompanyRequestView>> {
      const administered = tx
        .select({ companyId: memberships.companyId })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.groupName, adminGroup)));
      const conditions: SQL[] = [
        or(eq(companyRequests.userId, userId), inArray(companyRequests.companyId, administered))!,
      ];
      if (filter.status) conditions.push(eq(companyRequests.status, filter.status));
      const where = and(...conditions);
      const rows = await tx
        .select(requestView)
        .from(companyRequests)
        .innerJoin(companies, eq(companies.id, companyRequests.companyId))
        .innerJoin(users, eq(users.id, companyRequests.userId))
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            { created_at: companyRequests.createdAt, status: companyRequests.status },
            "-created_at",
            companyRequests.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      const count = await tx.$count(companyRequests, where);
      return { rows, count };
    },

    /** Moves a pending request to ACCEPTED/DECLINED; false when it was no longer pending. */
    async decideRequest(id: number, status: "ACCEPTED" | "DECLINED", decidedBy: number, tx: Executor = db) {
      const rows = await tx
        .update(companyRequests)
        .set({ status, decidedAt: new Date(), decidedBy })
        .where(and(eq(companyRequests.id, id), eq(companyRequests.status, "PENDING")))
        .returning({ id: companyRequests.id });
      return rows.length === 1;
    },

    // Invitations ------------------------------------------------------------------------------

    async createInvitation(
      invitation: { companyId: number; email: string; groupName: string; invitedBy: number },
      tx: Executor = db,
    ): Promise<number | undefined> {
      const [row] = await tx
        .insert(companyInvitations)
        .values({ ...invitation, email: invitation.email.toLowerCase() })
        .onConflictDoNothing()
        .returning({ id: companyInvitations.id });
      return row?.id;
    },

    async findInvitation(id: number, tx: Executor = db): Promise<CompanyInvitationView | undefined> {
      const [row] = await tx
        .select(invitationView)
        .from(companyInvitations)
        .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
        .where(eq(companyInvitations.id, id));
      return row;
    },

    /** Invitations of one company (`companyId`) or addressed to one e-mail address. */
    async listInvitations(
      scope: { companyId: number } | { email: string },
      filter: { status?: DecisionStatus | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<CompanyInvitationView>> {
      const conditions: SQL[] = [
        "companyId" in scope
          ? eq(companyInvitations.companyId, scope.companyId)
          : eq(companyInvitations.email, scope.email.toLowerCase()),
      ];
      if (filter.status) conditions.push(eq(companyInvitations.status, filter.status));
      const where = and(...conditions);
      const rows = await tx
        .select(invitationView)
        .from(companyInvitations)
        .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              created_at: companyInvitations.createdAt,
              status: companyInvitations.status,
              email: companyInvitations.email,
            },
            "-created_at",
            companyInvitations.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      const count = await tx.$count(companyInvitations, where);
      return { rows, count };
    },

    async decideInvitation(id: number, status: "ACCEPTED" | "DECLINED", tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(companyInvitations)
        .set({ status, decidedAt: new Date() })
        .where(and(eq(companyInvitations.id, id), eq(companyInvitations.status, "PENDING")))
        .returning({ id: companyInvitations.id });
      return rows.length === 1;
    },
  };
}
