import type { AppContext } from "../../context.ts";
import { otherModel, requireModel, requireScenario } from "../../lib/data-scope.ts";
import { accountDataCsv } from "./account-files.ts";

/** The CSV of the model's accounts with their amounts in the scenario, and its file name. */
export async function getAccountDataFile(
  ctx: AppContext,
  companyId: number,
  query: { model: number; scenario: number },
): Promise<{ fileName: string; csv: string }> {
  const model = await requireModel(ctx, companyId, query.model);
  const scenario = await requireScenario(ctx, companyId, query.scenario);
  if (scenario.modelId !== model.id) throw otherModel("scenario");
  const rows = await ctx.repos.accounts.all(companyId, model.id, scenario.id);
  return { fileName: `financial-accounts-${scenario.name}.csv`, csv: accountDataCsv(rows) };
}
