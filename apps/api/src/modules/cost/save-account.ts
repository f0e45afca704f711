import type { FinancialAccount, SaveFinancialAccount } from "@costflow/contract/cost";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { mapConstraintErrors, otherModel, requireModel } from "../../lib/data-scope.ts";
import { toAccount } from "./cost-views.ts";

const codeTaken = { financial_accounts_model_code_key: "ID" };

/** Creates a financial account (it exists in every scenario of the model). */
export async function createAccount(
  ctx: AppContext,
  companyId: number,
  input: z.output<typeof SaveFinancialAccount>,
): Promise<FinancialAccount> {
  const { model, ID, name, expense_group } = input;
  await requireModel(ctx, companyId, model);
  const row = await mapConstraintErrors(
    () =>
      ctx.repos.accounts.create(companyId, { modelId: model, code: ID, name, expenseGroup: expense_group }),
    codeTaken,
  );
  return toAccount(row);
}

/** Changes a financial account (same payload as create; the model cannot change). */
export async function updateAccount(
  ctx: AppContext,
  companyId: number,
  id: number,
  input: z.output<typeof SaveFinancialAccount>,
): Promise<FinancialAccount> {
  const current = await ctx.repos.accounts.find(companyId, id);
  if (!current) throw notFound();
  const { model, ID, name, expense_group } = input;
  if (model !== current.modelId) throw otherModel("model");
  const row = await mapConstraintErrors(
    () => ctx.repos.accounts.update(companyId, current.id, { code: ID, name, expenseGroup: expense_group }),
    codeTaken,
  );
  if (!row) throw notFound();
  return toAccount(row);
}
