import type { CostPool, CostPoolListQuery } from "@costflow/contract/cost";
import type { PageResult } from "@costflow/db/repositories/paging";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { fieldError } from "../../lib/app-error.ts";
import { otherModel, pageOf, requireModel, requireScenario } from "../../lib/data-scope.ts";
import { toCostPool } from "./cost-views.ts";

/** A page of the cost pools of a scenario's model (with driver values) or of a model. */
export async function listPools(
  ctx: AppContext,
  companyId: number,
  query: z.output<typeof CostPoolListQuery>,
): Promise<PageResult<CostPool>> {
  const { scenario: scenarioId, model: modelId, is_direct, search } = query;
  if (scenarioId === undefined && modelId === undefined) {
    throw fieldError("VALIDATION_ERROR", "scenario", "required");
  }
  const scenario = scenarioId === undefined ? undefined : await requireScenario(ctx, companyId, scenarioId);
  const model = await requireModel(ctx, companyId, modelId ?? scenario!.modelId);
  if (scenario && scenario.modelId !== model.id) throw otherModel("model");
  const result = await ctx.repos.pools.list(
    companyId,
    model.id,
    { isDirect: is_direct, search },
    pageOf(query),
  );
  const drivers = await ctx.repos.poolDrivers.all(companyId, model.id);
  const values = scenario
    ? await ctx.repos.poolDrivers.valuesOfPools(
        companyId,
        scenario.id,
        result.rows.map((p) => p.id),
      )
    : [];
  return { rows: result.rows.map((pool) => toCostPool(pool, drivers, values)), count: result.count };
}
