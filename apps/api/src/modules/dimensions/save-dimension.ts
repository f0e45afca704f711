import {
  type CreateDimension,
  relationshipDriverName,
  type UpdateDimension,
} from "@costflow/contract/dimensions";
import { codeFromName } from "@costflow/db/repositories/activities";
import type { Dimension } from "@costflow/db/repositories/dimensions";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";
import { mapConstraintErrors, otherModel, requireModel } from "../../lib/data-scope.ts";
import { dropSortIndexes, ensureRelationshipDriver } from "./save-driver.ts";

const codeTaken = { dimensions_model_code_key: "code" };

/** The parent `pid` of dimension `id` (null for a new one), checked: same model, no cycle. */
async function checkParent(
  ctx: AppContext,
  companyId: number,
  modelId: number,
  id: number | null,
  pid: number,
): Promise<Dimension> {
  const parent = await ctx.repos.dimensions.find(companyId, pid);
  if (!parent) throw notFound("pid");
  if (parent.modelId !== modelId) throw otherModel("pid");
  if (id === null) return parent;
  if (parent.id === id) throw fieldError("VALIDATION_ERROR", "pid", "self_reference");
  // Walk up from the new parent: meeting the dimension itself means a cycle.
  const path = [parent.code];
  for (let at: Dimension | undefined = parent; at?.parentId; ) {
    at = await ctx.repos.dimensions.find(companyId, at.parentId);
    if (!at) break;
    path.push(at.code);
    if (at.id === id)
      throw fieldError("VALIDATION_ERROR", "pid", "cycle", { path: path.reverse().join(" → ") });
  }
  return parent;
}

export async function createDimension(
  ctx: AppContext,
  companyId: number,
  input: z.output<typeof CreateDimension>,
): Promise<Dimension> {
  const model = await requireModel(ctx, companyId, input.model);
  const parent = input.pid === null ? null : await checkParent(ctx, companyId, model.id, null, input.pid);
  let code = input.code;
  if (code === undefined) {
    const base = codeFromName(input.title);
    const taken = new Set((await ctx.repos.dimensions.all(companyId, model.id)).map((d) => d.code));
    code = base;
    for (let n = 2; taken.has(code); n++) code = `${base}_${n}`;
  }
  return mapConstraintErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        const row = await ctx.repos.dimensions.create(
          companyId,
          { modelId: model.id, code: code!, name: input.title, parentId: parent?.id ?? null },
          tx,
        );
        if (parent) await ensureRelationshipDriver(ctx, companyId, row, parent, tx);
        return row;
      }),
    codeTaken,
  );
}

/**
 * Changes a dimension. A new parent gets its relationship driver on this dimension; a new code
 * renames the relationship drivers that target this dimension (`<CODE>_ID`) and their values.
 */
export async function updateDimension(
  ctx: AppContext,
  companyId: number,
  id: number,
  input: UpdateDimension,
): Promise<Dimension> {
  const current = await ctx.repos.dimensions.find(companyId, id);
  if (!current) throw notFound();
  if (input.model !== undefined && input.model !== current.modelId) throw otherModel("model");
  // The older client sends 0 for "no parent".
  const pid = input.pid === 0 ? null : input.pid;
  const parent =
    pid === undefined || pid === null || pid === current.parentId
      ? undefined
      : await checkParent(ctx, companyId, current.modelId, current.id, pid);
  const renamed = input.code !== undefined && input.code !== current.code;
  const targeting = renamed ? await ctx.repos.drivers.targeting(companyId, current.id) : [];
  return mapConstraintErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        const row = await ctx.repos.dimensions.update(
          companyId,
          id,
          {
            ...(input.title !== undefined ? { name: input.title } : {}),
            ...(input.code !== undefined ? { code: input.code } : {}),
            ...(pid !== undefined ? { parentId: pid } : {}),
          },
          tx,
        );
        if (!row) throw notFound();
        if (parent) await ensureRelationshipDriver(ctx, companyId, row, parent, tx);
        for (const driver of targeting) {
          await ctx.repos.drivers.update(companyId, driver, { name: relationshipDriverName(row.code) }, tx);
        }
        return row;
      }),
    { ...codeTaken, dimension_drivers_dimension_name_key: "code" },
  );
}

/** Deletes a dimension with its drivers, records and calculated drivers; its children become roots. */
export async function deleteDimension(ctx: AppContext, companyId: number, id: number): Promise<void> {
  const drivers = await ctx.repos.drivers.ofDimensions(companyId, [id]);
  const deleted = await ctx.db.transaction((tx) => ctx.repos.dimensions.delete(companyId, id, tx));
  if (!deleted) throw notFound();
  await dropSortIndexes(
    ctx,
    drivers.map((d) => d.id),
  );
}
