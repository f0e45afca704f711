import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { actionTokens } from "../schema/action-tokens.ts";
import { companies, licenseTypes, memberships } from "../schema/companies.ts";
import { userSettings } from "../schema/user-settings.ts";
import { refreshTokens, users } from "../schema/users.ts";

export type User = typeof users.$inferSelect;
type NewUser = typeof users.$inferInsert;
type RefreshToken = typeof refreshTokens.$inferSelect;
export type UserSettings = typeof userSettings.$inferSelect;
type ActionPurpose = "PASSWORD_RESET" | "COMPANY_VALIDATION";

/** What an authenticated request needs of its caller, read in one round trip (loadSession). */
interface SessionRow {
  user: User;
  /** Null only for a user created without settings (getSettings creates them). */
  settings: UserSettings | null;
  memberships: {
    companyId: number;
    companyName: string;
    companyStatus: string;
    groupName: string;
    licenseType: string;
  }[];
  /** The token family still has a live (unrevoked) refresh token: the session was not ended. */
  familyLive: boolean;
}

/** The statement of loadSession, with placeholders userId and familyId. */
function sessionQuery(tx: Executor) {
  return tx
    .select({
      user: users,
      settings: userSettings,
      companyId: memberships.companyId,
      companyName: companies.name,
      companyStatus: companies.status,
      groupName: memberships.groupName,
      licenseType: licenseTypes.name,
      familyLive: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder("familyId")} and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > now())`,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(companies, eq(companies.id, memberships.companyId))
    .leftJoin(licenseTypes, eq(licenseTypes.id, memberships.licenseTypeId))
    .where(eq(users.id, sql.placeholder("userId")))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
}

/** Users, their settings, refresh tokens and e-mailed single-use tokens. */
export function usersRepository(db: Database) {
  let preparedSession: ReturnType<ReturnType<typeof sessionQuery>["prepare"]> | undefined;
  /** The user's settings; a user created without them gets the defaults on first read. */
  async function getSettings(userId: number, tx: Executor = db): Promise<UserSettings> {
    const [row] = await tx.select().from(userSettings).where(eq(userSettings.userId, userId));
    if (row) return row;
    const [created] = await tx
      .insert(userSettings)
      .values({ userId })
      .onConflictDoUpdate({ target: userSettings.userId, set: { userId } })
      .returning();
    return created!;
  }

  return {
    async findById(id: number, tx: Executor = db): Promise<User | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findByEmail(email: string, tx: Executor = db): Promise<User | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },

    /** Creates the user and their settings row. Returns undefined when the e-mail is taken. */
    async create(
      user: NewUser,
      settings: Partial<typeof userSettings.$inferInsert> = {},
      tx: Executor = db,
    ): Promise<User | undefined> {
      const [row] = await tx
        .insert(users)
        .values({ ...user, email: user.email.toLowerCase() })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (row) await tx.insert(userSettings).values({ ...settings, userId: row.id });
      return row;
    },

    async updateProfile(
      id: number,
      changes: Partial<Pick<User, "firstName" | "lastName" | "email">>,
      tx: Executor = db,
    ): Promise<User | undefined> {
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async setPasswordHash(id: number, passwordHash: string, tx: Executor = db): Promise<void> {
      const now = new Date();
      await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
        .where(eq(users.id, id));
    },

    getSettings,

    /**
     * The caller of a request in one statement: the user, their settings, their memberships (in
     * the order of listMemberships) and whether the access token's refresh family is still live.
     * One round trip instead of four on every authenticated request (docs/performance.md, "Load").
     */
    async loadSession(userId: number, familyId: string, tx: Executor = db): Promise<SessionRow | undefined> {
      // Built once and sent as a named prepared statement: building the query per request was a
      // measurable share of an authenticated request's CPU time.
      if (tx === db && !preparedSession) preparedSession = sessionQuery(db).prepare("costflow_load_session");
      const query = tx === db && preparedSession ? preparedSession : sessionQuery(tx);
      const rows = await query.execute({ userId, familyId });
      const first = rows[0];
      if (!first) return undefined;
      const list: SessionRow["memberships"] = [];
      for (const r of rows) {
        if (r.companyId === null) continue;
        list.push({
          companyId: r.companyId,
          companyName: r.companyName ?? "",
          companyStatus: r.companyStatus ?? "",
          groupName: r.groupName ?? "",
          licenseType: r.licenseType ?? "",
        });
      }
      return { user: first.user, settings: first.settings, memberships: list, familyLive: first.familyLive };
    },

    async updateSettings(
      userId: number,
      changes: Partial<Omit<UserSettings, "userId" | "updatedAt">>,
      tx: Executor = db,
    ): Promise<UserSettings> {
      await getSettings(userId, tx);
      const [row] = await tx
        .update(userSettings)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(userSettings.userId, userId))
        .returning();
      return row!;
    },

    // Refresh tokens ---------------------------------------------------------------------------

    async insertRefreshToken(token: typeof refreshTokens.$inferInsert, tx: Executor = db): Promise<void> {
      await tx.insert(refreshTokens).values(token);
    },

    async findRefreshToken(jti: string, tx: Executor = db): Promise<RefreshToken | undefined> {
      const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.jti, jti));
      return row;
    },

    /**
     * Revokes one token if it is still live. False means someone else revoked it first (a
     * concurrent refresh with the same token counts as reuse).
     */
    async revokeRefreshToken(jti: string, replacedBy: string | null, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date(), replacedBy })
        .where(and(eq(refreshTokens.jti, jti), isNull(refreshTokens.revokedAt)))
        .returning({ jti: refreshTokens.jti });
      return rows.length === 1;
    },

    async revokeRefreshFamily(familyId: string, tx: Executor = db): Promise<number> {
      const rows = await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
        .returning({ jti: refreshTokens.jti });
      return rows.length;
    },

    async revokeAllRefreshTokens(userId: number, tx: Executor = db): Promise<number> {
      const rows = await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
        .returning({ jti: refreshTokens.jti });
      return rows.length;
    },

    // Single-use e-mailed tokens ----------------------------------------------------------------

    async createActionToken(token: typeof actionTokens.$inferInsert, tx: Executor = db): Promise<void> {
      await tx.insert(actionTokens).values(token);
    },

    /**
     * Marks the live token of that user, purpose and hash as used and returns it; undefined when
     * there is none (wrong, used or expired). Atomic: two concurrent uses cannot both succeed.
     */
    async consumeActionToken(
      userId: number,
      purpose: ActionPurpose,
      tokenHash: string,
      tx: Executor = db,
    ): Promise<typeof actionTokens.$inferSelect | undefined> {
      const [row] = await tx
        .update(actionTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(actionTokens.userId, userId),
            eq(actionTokens.purpose, purpose),
            eq(actionTokens.tokenHash, tokenHash),
            isNull(actionTokens.usedAt),
            sql`${actionTokens.expiresAt} > now()`,
          ),
        )
        .returning();
      return row;
    },

    /** Spends every other live token of that purpose (a new reset link voids the older ones). */
    async voidActionTokens(userId: number, purpose: ActionPurpose, tx: Executor = db): Promise<void> {
      await tx
        .update(actionTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(actionTokens.userId, userId),
            eq(actionTokens.purpose, purpose),
            isNull(actionTokens.usedAt),
          ),
        );
    },
  };
}
