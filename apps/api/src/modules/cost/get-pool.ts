import type { CostPool } from "@costflow/contract/cost";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { otherModel, requireScenario } from "../../lib/data-scope.ts";
import { toCostPool } from "./cost-views.ts";

/** A pool as the API shows it: with every driver of its model and, given a scenario, the values. */
export async function getPool(
  ctx: AppContext,
  companyId: number,
  input: { id: number; scenario?: number | undefined },
): Promise<CostPool> {
  const pool = await ctx.repos.pools.find(companyId, input.id);
  if (!pool) throw notFound();
  const drivers = await ctx.repos.poolDrivers.all(companyId, pool.modelId);
  let values: Awaited<ReturnType<AppContext["repos"]["poolDrivers"]["valuesOfPools"]>> = [];
  if (input.scenario !== undefined) {
    const scenario = await requireScenario(ctx, companyId, input.scenario);
    if (scenario.modelId !== pool.modelId) throw otherModel("scenario");
    values = await ctx.repos.poolDrivers.valuesOfPools(companyId, scenario.id, [pool.id]);
  }
  return toCostPool(pool, drivers, values);
}
