import type { AccountValue, SaveAccountValue } from "@costflow/contract/cost";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { otherModel, requireScenario } from "../../lib/data-scope.ts";
import { toAccountValue } from "./cost-views.ts";

/** Sets an account's amount in a scenario: `created` when it had none. */
export async function saveAccountValue(
  ctx: AppContext,
  companyId: number,
  input: z.output<typeof SaveAccountValue>,
): Promise<{ value: AccountValue; created: boolean }> {
  const scenario = await requireScenario(ctx, companyId, input.scenario);
  const account = await ctx.repos.accounts.find(companyId, input.account);
  if (!account) throw notFound("account");
  if (account.modelId !== scenario.modelId) throw otherModel("account");
  const { value, created } = await ctx.repos.accountValues.upsert(companyId, {
    scenarioId: scenario.id,
    accountId: account.id,
    amount: input.amount,
  });
  return { value: toAccountValue(value), created };
}
