import { and, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { financialAccounts } from "../schema/model-master-data.ts";
import { accountValues } from "../schema/scenario-data.ts";
import { escapeLike } from "./dimension-records.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type AccountValue = typeof accountValues.$inferSelect;
export type AccountValueView = AccountValue & { accountCode: string; accountName: string };

const columns = {
  value: accountValues,
  accountCode: financialAccounts.code,
  accountName: financialAccounts.name,
};
const toView = (r: { value: AccountValue; accountCode: string; accountName: string }): AccountValueView => ({
  ...r.value,
  accountCode: r.accountCode,
  accountName: r.accountName,
});

/** Amounts of accounts in a scenario: one per (scenario, account). */
export function accountValuesRepository(db: Database) {
  async function find(
    companyId: number,
    id: number,
    tx: Executor = db,
  ): Promise<AccountValueView | undefined> {
    const [row] = await tx
      .select(columns)
      .from(accountValues)
      .innerJoin(
        financialAccounts,
        and(
          eq(financialAccounts.companyId, accountValues.companyId),
          eq(financialAccounts.id, accountValues.accountId),
        ),
      )
      .where(and(eq(accountValues.companyId, companyId), eq(accountValues.id, id)));
    return row && toView(row);
  }

  return {
    find,

    async list(
      companyId: number,
      scenarioId: number,
      filter: { accountId?: number | undefined; search?: string | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<AccountValueView>> {
      const conditions: (SQL | undefined)[] = [
        eq(accountValues.companyId, companyId),
        eq(accountValues.scenarioId, scenarioId),
      ];
      if (filter.accountId !== undefined) conditions.push(eq(accountValues.accountId, filter.accountId));
      if (filter.search) {
        const pattern = `%${escapeLike(filter.search)}%`;
        conditions.push(or(ilike(financialAccounts.code, pattern), ilike(financialAccounts.name, pattern)));
      }
      const where = and(...conditions);
      const join = and(
        eq(financialAccounts.companyId, accountValues.companyId),
        eq(financialAccounts.id, accountValues.accountId),
      );
      const rows = await tx
        .select(columns)
        .from(accountValues)
        .innerJoin(financialAccounts, join)
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              ID: financialAccounts.code,
              name: financialAccounts.name,
              amount: accountValues.amount,
              id: accountValues.id,
            },
            "ID",
            accountValues.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(accountValues)
        .innerJoin(financialAccounts, join)
        .where(where);
      return { rows: rows.map(toView), count: total?.n ?? 0 };
    },

    /**
     * The upsert of POST cost/account-values/ (docs/data-api.md, "Cost"): creates the value of
     * (scenario, account) or, when one exists, replaces its amount. `created` says which happened.
     */
    async upsert(
      companyId: number,
      value: { scenarioId: number; accountId: number; amount: string },
      tx: Executor = db,
    ): Promise<{ value: AccountValueView; created: boolean }> {
      const [row] = await tx
        .insert(accountValues)
        .values({ ...value, companyId })
        .onConflictDoUpdate({
          target: [accountValues.companyId, accountValues.scenarioId, accountValues.accountId],
          set: { amount: value.amount },
        })
        // xmax is 0 only on a freshly inserted row version: the one portable way to tell.
        .returning({ id: accountValues.id, created: sql<boolean>`(xmax = 0)` });
      return { value: (await find(companyId, row!.id, tx))!, created: row!.created };
    },

    async update(
      companyId: number,
      id: number,
      amount: string,
      tx: Executor = db,
    ): Promise<AccountValueView | undefined> {
      const rows = await tx
        .update(accountValues)
        .set({ amount })
        .where(and(eq(accountValues.companyId, companyId), eq(accountValues.id, id)))
        .returning({ id: accountValues.id });
      return rows.length === 1 ? find(companyId, id, tx) : undefined;
    },

    async delete(companyId: number, id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(accountValues)
        .where(and(eq(accountValues.companyId, companyId), eq(accountValues.id, id)))
        .returning({ id: accountValues.id });
      return rows.length === 1;
    },
  };
}
