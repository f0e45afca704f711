import type { CalculatedDriverWithTotal, GetCalculatedQuery } from "@costflow/contract/calculated-drivers";
import type { PageResult } from "@costflow/db/repositories/paging";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { pageOf, requireScenario } from "../../lib/data-scope.ts";
import { toCalculatedDriver } from "./save-calculated-driver.ts";

/**
 * A page of the scenario model's calculated drivers (optionally of one dimension), each with its
 * total in the scenario's latest finished run (null without one).
 */
export async function listCalculatedTotals(
  ctx: AppContext,
  companyId: number,
  query: z.output<typeof GetCalculatedQuery>,
): Promise<PageResult<z.output<typeof CalculatedDriverWithTotal>>> {
  const scenario = await requireScenario(ctx, companyId, query.scenario);
  const calculationId = (await ctx.repos.calculatedDrivers.latestFinished(companyId, scenario.id)) ?? null;
  const result = await ctx.repos.calculatedDrivers.listWithTotals(
    companyId,
    { modelId: scenario.modelId, dimensionId: query.dimension },
    calculationId,
    pageOf(query),
  );
  return {
    rows: result.rows.map((row) => ({ ...toCalculatedDriver(row), total_value: row.total })),
    count: result.count,
  };
}
