import { and, eq, ilike, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { financialAccounts } from "../schema/model-master-data.ts";
import { scenarios } from "../schema/models.ts";
import { accountValues } from "../schema/scenario-data.ts";
import { escapeLike } from "./dimension-records.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type FinancialAccount = typeof financialAccounts.$inferSelect;
/** An account with its amount in one scenario (null when it has none). */
/** What the accounts table and files show of an account. */
export type ListedAccount = Pick<FinancialAccount, "id" | "modelId" | "code" | "name" | "expenseGroup">;
export type AccountWithAmount = ListedAccount & { amount: string | null; valueId: number | null };

/** The columns of ListedAccount: a page reads no more than it shows. */
const listedColumns = {
  id: financialAccounts.id,
  modelId: financialAccounts.modelId,
  code: financialAccounts.code,
  name: financialAccounts.name,
  expenseGroup: financialAccounts.expenseGroup,
};

// Accounts are master data of a model; their amounts live in account_values per scenario. Every
// function takes the caller's company first and filters by it.

function searchOf(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(financialAccounts.code, pattern), ilike(financialAccounts.name, pattern));
}

const sortable = {
  ID: financialAccounts.code,
  name: financialAccounts.name,
  expense_group: financialAccounts.expenseGroup,
  account_id: financialAccounts.id,
};

/** `count(*) over ()`: every row of a page carries the number of rows its filters select. */
const totalRows = sql<number>`count(*) over ()`.mapWith(Number);

/** The count a page's rows carry; counted apart only when the page is empty past its start. */
async function countOf(
  rows: readonly { total: number }[],
  page: PageRequest,
  count: () => Promise<number>,
): Promise<number> {
  if (rows.length > 0) return rows[0]!.total;
  return page.offset > 0 ? count() : 0;
}

/** The orderings of the accounts table, each a prepared statement when there is no search. */
const TABLE_ORDERINGS = [
  "",
  ...["ID", "name", "expense_group", "account_id", "amount"].flatMap((f) => [f, `-${f}`]),
];

/** A page of the accounts table: accounts of the model with the scenario's amount, and the count. */
/** The join of an account to its amount in the scenario (none when it has no value there). */
function valueInScenario(scenarioId: number | Placeholder) {
  return and(
    eq(accountValues.companyId, financialAccounts.companyId),
    eq(accountValues.accountId, financialAccounts.id),
    eq(accountValues.scenarioId, scenarioId),
  );
}

function tableQuery(
  ordering: string | undefined,
  where: SQL | undefined,
  scenarioId: number | Placeholder,
  tx: Executor,
) {
  return tx
    .select({
      account: listedColumns,
      amount: accountValues.amount,
      valueId: accountValues.id,
      total: totalRows,
    })
    .from(financialAccounts)
    .leftJoin(accountValues, valueInScenario(scenarioId))
    .where(where)
    .orderBy(...orderBy(ordering, { ...sortable, amount: accountValues.amount }, "ID", financialAccounts.id))
    .$dynamic();
}

export function financialAccountsRepository(db: Database) {
  // The accounts table is the data page read most: without a search, one named prepared
  // statement per ordering, built on first use (no query building, no planning per request).
  const prepared = new Map<string, ReturnType<typeof prepareTable>>();
  const prepareTable = (ordering: string) =>
    tableQuery(
      ordering || undefined,
      // The scenario names the model: read in the same statement, so that a page is one round
      // trip; its company must be the caller's like the accounts'.
      and(
        eq(financialAccounts.companyId, sql.placeholder("companyId")),
        eq(
          financialAccounts.modelId,
          sql`(select ${scenarios.modelId} from ${scenarios} where ${scenarios.companyId} = ${sql.placeholder("companyId")} and ${scenarios.id} = ${sql.placeholder("scenarioId")})`,
        ),
      ),
      sql.placeholder("scenarioId"),
      db,
    )
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(`costflow_accounts_table_${TABLE_ORDERINGS.indexOf(ordering)}`);
  const preparedTable = (ordering: string) => {
    let query = prepared.get(ordering);
    if (!query) {
      query = prepareTable(ordering);
      prepared.set(ordering, query);
    }
    return query;
  };

  async function find(
    companyId: number,
    id: number,
    tx: Executor = db,
  ): Promise<FinancialAccount | undefined> {
    const [row] = await tx
      .select()
      .from(financialAccounts)
      .where(and(eq(financialAccounts.companyId, companyId), eq(financialAccounts.id, id)));
    return row;
  }

  return {
    find,

    async list(
      companyId: number,
      modelId: number,
      filter: { search?: string | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<FinancialAccount>> {
      const where = and(
        eq(financialAccounts.companyId, companyId),
        eq(financialAccounts.modelId, modelId),
        searchOf(filter.search),
      );
      const rows = await tx
        .select()
        .from(financialAccounts)
        .where(where)
        .orderBy(...orderBy(page.ordering, sortable, "ID", financialAccounts.id))
        .limit(page.limit)
        .offset(page.offset);
      return { rows, count: await tx.$count(financialAccounts, where) };
    },

    /**
     * A page of the accounts table without a search, named by the scenario's id alone: one
     * prepared statement, one round trip. Undefined when it cannot say (an empty page: no such
     * scenario, no accounts or past the end), for `table` to answer.
     */
    async tablePage(
      companyId: number,
      scenarioId: number,
      page: PageRequest,
    ): Promise<PageResult<AccountWithAmount> | undefined> {
      if (!TABLE_ORDERINGS.includes(page.ordering ?? "")) return undefined;
      const rows = await preparedTable(page.ordering ?? "").execute({
        companyId,
        scenarioId,
        limit: page.limit,
        offset: page.offset,
      });
      if (rows.length === 0) return undefined;
      return {
        rows: rows.map((r) => ({ ...r.account, amount: r.amount, valueId: r.valueId })),
        count: rows[0]!.total,
      };
    },

    /** The accounts table of a scenario: every account of its model with the scenario's amount. */
    async table(
      companyId: number,
      scenario: { id: number; modelId: number },
      filter: { search?: string | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<AccountWithAmount>> {
      const where = and(
        eq(financialAccounts.companyId, companyId),
        eq(financialAccounts.modelId, scenario.modelId),
        searchOf(filter.search),
      );
      // The count rides on the page's rows (one round trip instead of two: a chart of accounts
      // is thousands of rows at most, counted while they are sorted for the page anyway).
      const rows = await tableQuery(page.ordering, where, scenario.id, tx)
        .limit(page.limit)
        .offset(page.offset);
      return {
        rows: rows.map((r) => ({ ...r.account, amount: r.amount, valueId: r.valueId })),
        count: await countOf(rows, page, () => tx.$count(financialAccounts, where)),
      };
    },

    /** Every account of the model with its amount in the scenario (when given), by code: CSV files. */
    async all(
      companyId: number,
      modelId: number,
      scenarioId: number | undefined,
      tx: Executor = db,
    ): Promise<AccountWithAmount[]> {
      const rows = await tx
        .select({ account: listedColumns, amount: accountValues.amount, valueId: accountValues.id })
        .from(financialAccounts)
        .leftJoin(accountValues, valueInScenario(scenarioId ?? -1))
        .where(and(eq(financialAccounts.companyId, companyId), eq(financialAccounts.modelId, modelId)))
        .orderBy(sql`${financialAccounts.code} collate "C"`);
      return rows.map((r) => ({ ...r.account, amount: r.amount, valueId: r.valueId }));
    },

    /** The scenario's total of account values, exact (numeric summed in SQL), "0" when none. */
    async amountSum(companyId: number, scenarioId: number, tx: Executor = db): Promise<string> {
      const [row] = await tx
        .select({ total: sql<string>`coalesce(sum(${accountValues.amount}), 0)::text` })
        .from(accountValues)
        .where(and(eq(accountValues.companyId, companyId), eq(accountValues.scenarioId, scenarioId)));
      return row?.total ?? "0";
    },

    async create(
      companyId: number,
      account: { modelId: number; code: string; name: string; expenseGroup: string },
      tx: Executor = db,
    ): Promise<FinancialAccount> {
      const [row] = await tx
        .insert(financialAccounts)
        .values({ ...account, companyId })
        .returning();
      return row!;
    },

    async update(
      companyId: number,
      id: number,
      changes: { code: string; name: string; expenseGroup: string },
      tx: Executor = db,
    ): Promise<FinancialAccount | undefined> {
      const [row] = await tx
        .update(financialAccounts)
        .set(changes)
        .where(and(eq(financialAccounts.companyId, companyId), eq(financialAccounts.id, id)))
        .returning();
      return row;
    },

    /** Deletes the account; its values and step-1 rules go with it (foreign-key cascades). */
    async delete(companyId: number, id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(financialAccounts)
        .where(and(eq(financialAccounts.companyId, companyId), eq(financialAccounts.id, id)))
        .returning({ id: financialAccounts.id });
      return rows.length === 1;
    },
  };
}
