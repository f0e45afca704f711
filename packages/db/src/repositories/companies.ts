import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { companies, licenseTypes, memberships } from "../schema/companies.ts";
import { users } from "../schema/users.ts";

type Company = typeof companies.$inferSelect;
type NewCompany = typeof companies.$inferInsert;

/** A membership with what the API shows of it: company name and status, license name. */
export interface MembershipView {
  companyId: number;
  companyName: string;
  companyStatus: string;
  groupName: string;
  licenseType: string;
}

const membershipView = {
  companyId: memberships.companyId,
  companyName: companies.name,
  companyStatus: companies.status,
  groupName: memberships.groupName,
  licenseType: licenseTypes.name,
};

/** Companies, license types and memberships. */
export function companiesRepository(db: Database) {
  async function ensureLicenseType(name: string, tx: Executor = db): Promise<number> {
    await tx.insert(licenseTypes).values({ name }).onConflictDoNothing({ target: licenseTypes.name });
    const [row] = await tx
      .select({ id: licenseTypes.id })
      .from(licenseTypes)
      .where(eq(licenseTypes.name, name));
    return row!.id;
  }

  return {
    ensureLicenseType,

    /** Creates the company; undefined when the name (case-insensitive) is taken. */
    async create(company: NewCompany, tx: Executor = db): Promise<Company | undefined> {
      const [row] = await tx.insert(companies).values(company).onConflictDoNothing().returning();
      return row;
    },

    async findById(id: number, tx: Executor = db): Promise<Company | undefined> {
      const [row] = await tx.select().from(companies).where(eq(companies.id, id));
      return row;
    },

    async findByName(name: string, tx: Executor = db): Promise<Company | undefined> {
      const [row] = await tx.select().from(companies).where(sql`lower(${companies.name}) = lower(${name})`);
      return row;
    },

    async markValidated(id: number, tx: Executor = db): Promise<Company | undefined> {
      const [row] = await tx
        .update(companies)
        .set({ status: "VALIDATED", validatedAt: sql`coalesce(${companies.validatedAt}, now())` })
        .where(eq(companies.id, id))
        .returning();
      return row;
    },

    async addMembership(
      membership: { companyId: number; userId: number; groupName: string; licenseType: string },
      tx: Executor = db,
    ): Promise<boolean> {
      const licenseTypeId = await ensureLicenseType(membership.licenseType, tx);
      const rows = await tx
        .insert(memberships)
        .values({
          companyId: membership.companyId,
          userId: membership.userId,
          groupName: membership.groupName,
          licenseTypeId,
        })
        .onConflictDoNothing()
        .returning({ id: memberships.id });
      return rows.length === 1;
    },

    /** The user's memberships, oldest first (the first one is the default company). */
    async listMemberships(userId: number, tx: Executor = db): Promise<MembershipView[]> {
      return tx
        .select(membershipView)
        .from(memberships)
        .innerJoin(companies, eq(companies.id, memberships.companyId))
        .innerJoin(licenseTypes, eq(licenseTypes.id, memberships.licenseTypeId))
        .where(eq(memberships.userId, userId))
        .orderBy(asc(memberships.createdAt), asc(memberships.id));
    },

    async findMembership(
      companyId: number,
      userId: number,
      tx: Executor = db,
    ): Promise<MembershipView | undefined> {
      const [row] = await tx
        .select(membershipView)
        .from(memberships)
        .innerJoin(companies, eq(companies.id, memberships.companyId))
        .innerJoin(licenseTypes, eq(licenseTypes.id, memberships.licenseTypeId))
        .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
      return row;
    },

    /** Members of the company in that group (e.g. its administrators, to notify them). */
    async listMembersInGroup(
      companyId: number,
      groupName: string,
      tx: Executor = db,
    ): Promise<{ id: number; email: string; firstName: string; lastName: string }[]> {
      return tx
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.companyId, companyId), eq(memberships.groupName, groupName)))
        .orderBy(asc(users.id));
    },
  };
}
