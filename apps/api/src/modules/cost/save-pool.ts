import type { CostPool, CreateCostPool, UpdateCostPool } from "@costflow/contract/cost";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { mapConstraintErrors, requireModel } from "../../lib/data-scope.ts";
import { getPool } from "./get-pool.ts";

const poolCodeTaken = { cost_pools_model_code_key: "identifier" };

/** Creates a cost pool (it exists in every scenario of the model); answers it with its drivers. */
export async function createPool(
  ctx: AppContext,
  companyId: number,
  input: z.output<typeof CreateCostPool>,
): Promise<CostPool> {
  const { model, identifier, name, is_direct } = input;
  await requireModel(ctx, companyId, model);
  const row = await mapConstraintErrors(
    () => ctx.repos.pools.create(companyId, { modelId: model, code: identifier, name, isDirect: is_direct }),
    poolCodeTaken,
  );
  return getPool(ctx, companyId, { id: row.id });
}

/** Changes the given fields of a cost pool; answers it with its drivers. */
export async function updatePool(
  ctx: AppContext,
  companyId: number,
  id: number,
  input: z.output<typeof UpdateCostPool>,
): Promise<CostPool> {
  const { identifier, name, is_direct } = input;
  const row = await mapConstraintErrors(
    () =>
      ctx.repos.pools.update(companyId, id, {
        ...(identifier !== undefined ? { code: identifier } : {}),
        ...(name !== undefined ? { name } : {}),
        ...(is_direct !== undefined ? { isDirect: is_direct } : {}),
      }),
    poolCodeTaken,
  );
  if (!row) throw notFound();
  return getPool(ctx, companyId, { id: row.id });
}
