import type { AccountValueListQuery } from "@costflow/contract/cost";
import type { AccountValueView } from "@costflow/db/repositories/account-values";
import type { PageResult } from "@costflow/db/repositories/paging";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { fieldError } from "../../lib/app-error.ts";
import { pageOf, requireScenario } from "../../lib/data-scope.ts";

/** A page of the scenario's account values, of one account or matching a search. */
export async function listAccountValues(
  ctx: AppContext,
  companyId: number,
  query: z.output<typeof AccountValueListQuery>,
): Promise<PageResult<AccountValueView>> {
  const { scenario: scenarioId, account, search } = query;
  // A search box submitted empty: the spec's 'Please search for an account.'
  if (search === "") throw fieldError("VALIDATION_ERROR", "search", "search_account");
  const scenario = await requireScenario(ctx, companyId, scenarioId);
  return ctx.repos.accountValues.list(companyId, scenario.id, { accountId: account, search }, pageOf(query));
}
