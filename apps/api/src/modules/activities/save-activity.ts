import type { Activity, CreateActivity, UpdateActivity } from "@costflow/contract/activities";
import type { ActivityView } from "@costflow/db/repositories/activities";
import { codeFromName } from "@costflow/db/repositories/activities";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { mapConstraintErrors, otherModel, requireModel } from "../../lib/data-scope.ts";

const codeTaken = { activities_model_code_key: "code" };

export function toActivity(row: ActivityView): Activity {
  return {
    id: row.id,
    model: row.modelId,
    code: row.code,
    name: row.name,
    description: row.description,
    is_tdabc: row.isTdabc,
    costpool: row.costPoolId,
    costpool_name: row.costPoolName,
  };
}

/** The cost pool of an activity must be one of its model's. */
async function checkPool(ctx: AppContext, companyId: number, modelId: number, poolId: number | null) {
  if (poolId === null) return;
  const pool = await ctx.repos.pools.find(companyId, poolId);
  if (!pool) throw notFound("costpool");
  if (pool.modelId !== modelId) throw otherModel("costpool");
}

/** Creates an activity; without a code, one is made from the name (unique in the model). */
export async function createActivity(
  ctx: AppContext,
  companyId: number,
  input: z.output<typeof CreateActivity>,
): Promise<Activity> {
  const model = await requireModel(ctx, companyId, input.model);
  await checkPool(ctx, companyId, model.id, input.costpool);
  const code =
    input.code ?? (await ctx.repos.activities.freeCode(companyId, model.id, codeFromName(input.name)));
  const row = await mapConstraintErrors(
    () =>
      ctx.repos.activities.create(companyId, {
        modelId: model.id,
        code,
        name: input.name,
        description: input.description,
        isTdabc: input.is_tdabc,
        costPoolId: input.costpool,
      }),
    codeTaken,
  );
  return toActivity(row);
}

export async function updateActivity(
  ctx: AppContext,
  companyId: number,
  id: number,
  input: UpdateActivity,
): Promise<Activity> {
  const current = await ctx.repos.activities.find(companyId, id);
  if (!current) throw notFound();
  if (input.model !== undefined && input.model !== current.modelId) throw otherModel("model");
  if (input.costpool !== undefined) await checkPool(ctx, companyId, current.modelId, input.costpool);
  const row = await mapConstraintErrors(
    () =>
      ctx.repos.activities.update(companyId, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.code !== undefined ? { code: input.code } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.is_tdabc !== undefined ? { isTdabc: input.is_tdabc } : {}),
        ...(input.costpool !== undefined ? { costPoolId: input.costpool } : {}),
      }),
    codeTaken,
  );
  if (!row) throw notFound();
  return toActivity(row);
}
