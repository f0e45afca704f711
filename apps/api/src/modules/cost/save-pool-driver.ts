import type { CreatePoolDriver, PoolDriver, UpdatePoolDriver } from "@costflow/contract/cost";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";
import { mapConstraintErrors, requireModel } from "../../lib/data-scope.ts";
import { toPoolDriver } from "./cost-views.ts";

// Cost-pool drivers. The spec's TDABC rule: one TDABC driver per model, and it must be decimal —
// refused with a field error before the database's own guards (partial unique index, check) would.

const constraints = {
  cost_pool_drivers_model_name_key: "name",
  cost_pool_drivers_one_tdabc_key: { field: "is_tdabc", reason: "tdabc_taken", code: "VALIDATION_ERROR" },
} as const;

function checkTdabc(isTdabc: boolean, displayType: string) {
  if (isTdabc && displayType !== "DECI")
    throw fieldError("VALIDATION_ERROR", "display_type", "tdabc_decimal");
}

export async function createPoolDriver(
  ctx: AppContext,
  companyId: number,
  input: z.output<typeof CreatePoolDriver>,
): Promise<PoolDriver> {
  const model = await requireModel(ctx, companyId, input.model);
  checkTdabc(input.is_tdabc, input.display_type);
  if (input.is_tdabc && (await ctx.repos.poolDrivers.findTdabc(companyId, model.id))) {
    throw fieldError("VALIDATION_ERROR", "is_tdabc", "tdabc_taken");
  }
  const row = await mapConstraintErrors(
    () =>
      ctx.repos.poolDrivers.create(companyId, {
        modelId: model.id,
        name: input.name,
        displayType: input.display_type,
        isTdabc: input.is_tdabc,
      }),
    constraints,
  );
  return toPoolDriver(row);
}

export async function updatePoolDriver(
  ctx: AppContext,
  companyId: number,
  id: number,
  input: z.output<typeof UpdatePoolDriver>,
): Promise<PoolDriver> {
  const current = await ctx.repos.poolDrivers.find(companyId, id);
  if (!current) throw notFound();
  const isTdabc = input.is_tdabc ?? current.isTdabc;
  checkTdabc(isTdabc, input.display_type ?? current.displayType);
  if (isTdabc && !current.isTdabc) {
    const other = await ctx.repos.poolDrivers.findTdabc(companyId, current.modelId);
    if (other && other.id !== current.id) throw fieldError("VALIDATION_ERROR", "is_tdabc", "tdabc_taken");
  }
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.display_type !== undefined ? { displayType: input.display_type } : {}),
    ...(input.is_tdabc !== undefined ? { isTdabc: input.is_tdabc } : {}),
  };
  if (Object.keys(changes).length === 0) return toPoolDriver(current);
  const row = await mapConstraintErrors(
    () => ctx.repos.poolDrivers.update(companyId, id, changes),
    constraints,
  );
  if (!row) throw notFound();
  return toPoolDriver(row);
}
