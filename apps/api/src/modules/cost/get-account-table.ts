import type { AccountTableQuery, FinancialAccountRow } from "@costflow/contract/cost";
import type { PageResult } from "@costflow/db/repositories/paging";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { pageOf, requireScenario } from "../../lib/data-scope.ts";
import { toAccountRow } from "./cost-views.ts";

/** A page of the accounts of the scenario's model with their amounts in the scenario. */
export async function getAccountTable(
  ctx: AppContext,
  companyId: number,
  query: z.output<typeof AccountTableQuery>,
): Promise<PageResult<FinancialAccountRow>> {
  const page = pageOf(query);
  // The page most read (no search) in one round trip; anything it cannot say (an unknown
  // scenario, an empty page) is answered the general way.
  const fast = query.search ? undefined : await ctx.repos.accounts.tablePage(companyId, query.scenario, page);
  const result =
    fast ??
    (await ctx.repos.accounts.table(
      companyId,
      await requireScenario(ctx, companyId, query.scenario),
      { search: query.search },
      page,
    ));
  return { rows: result.rows.map(toAccountRow), count: result.count };
}
