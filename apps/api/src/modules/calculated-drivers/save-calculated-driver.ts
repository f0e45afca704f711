import type { CalculatedDriver } from "@costflow/contract/calculated-drivers";
import type { Language } from "@costflow/contract/languages";
import type { CalculatedDriverView } from "@costflow/db/repositories/calculated-drivers";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";
import { mapConstraintErrors, otherModel } from "../../lib/data-scope.ts";
import { feedbackOf, knownNames } from "./formula-feedback.ts";

// Calculated drivers: one store behind the older and the beta API. A save always succeeds when
// the fields are valid; the formula's verdict comes back as formula_feedback.

export function toCalculatedDriver(row: CalculatedDriverView): CalculatedDriver {
  return {
    id: row.id,
    model: row.modelId,
    dimension: row.dimensionId,
    dimension_name: row.dimensionName,
    name: row.name,
    formula: row.formula,
    type: row.type as "DECI",
    is_pnl_line: row.isPnlLine,
    position: row.position,
  };
}

/** The driver with its formula's feedback, as every save and the beta list answer. */
export async function withFeedback(
  ctx: AppContext,
  companyId: number,
  language: Language,
  row: CalculatedDriverView,
) {
  const names = await knownNames(ctx, companyId, row.dimensionId, row);
  return { ...toCalculatedDriver(row), ...feedbackOf(language, row.formula, names) };
}

/** One calculated driver with its formula's feedback. */
export async function getCalculatedDriver(
  ctx: AppContext,
  companyId: number,
  id: number,
  language: Language,
) {
  const row = await ctx.repos.calculatedDrivers.find(companyId, id);
  if (!row) throw notFound();
  return withFeedback(ctx, companyId, language, row);
}

/** A calculated driver's name must not be one of its dimension's drivers (formulas read both). */
async function checkName(
  ctx: AppContext,
  companyId: number,
  dimensionId: number,
  name: string,
  field: string,
) {
  if (await ctx.repos.drivers.findByName(companyId, dimensionId, name)) {
    throw fieldError("CONFLICT", field, "taken");
  }
}

interface CalculatedDriverInput {
  dimension: number;
  name: string;
  formula: string;
  type?: string | undefined;
  isPnlLine: boolean;
}

/** `fields`: how the caller's API names dimension and name (older: dimension/name; beta: dimension/driver_name). */
export async function createCalculatedDriver(
  ctx: AppContext,
  companyId: number,
  input: CalculatedDriverInput,
  fields: { name: string } = { name: "name" },
): Promise<CalculatedDriverView> {
  const dimension = await ctx.repos.dimensions.find(companyId, input.dimension);
  if (!dimension) throw notFound("dimension");
  await checkName(ctx, companyId, dimension.id, input.name, fields.name);
  return mapConstraintErrors(
    async () =>
      ctx.repos.calculatedDrivers.create(companyId, {
        modelId: dimension.modelId,
        dimensionId: dimension.id,
        name: input.name,
        formula: input.formula,
        type: input.type ?? "DECI",
        isPnlLine: input.isPnlLine,
        position: await ctx.repos.calculatedDrivers.nextPosition(companyId, dimension.id),
      }),
    { calculated_drivers_dimension_name_key: fields.name },
  );
}

export async function updateCalculatedDriver(
  ctx: AppContext,
  companyId: number,
  id: number,
  input: Partial<CalculatedDriverInput>,
  fields: { name: string } = { name: "name" },
): Promise<CalculatedDriverView> {
  const current = await ctx.repos.calculatedDrivers.find(companyId, id);
  if (!current) throw notFound();
  let dimensionId = current.dimensionId;
  let position: number | undefined;
  if (input.dimension !== undefined && input.dimension !== current.dimensionId) {
    const dimension = await ctx.repos.dimensions.find(companyId, input.dimension);
    if (!dimension) throw notFound("dimension");
    if (dimension.modelId !== current.modelId) throw otherModel("dimension");
    dimensionId = dimension.id;
    // Moved to another dimension: it comes after that dimension's calculated drivers.
    position = await ctx.repos.calculatedDrivers.nextPosition(companyId, dimensionId);
  }
  const name = input.name ?? current.name;
  if (name !== current.name || dimensionId !== current.dimensionId) {
    await checkName(ctx, companyId, dimensionId, name, fields.name);
  }
  const row = await mapConstraintErrors(
    () =>
      ctx.repos.calculatedDrivers.update(companyId, id, {
        ...(dimensionId !== current.dimensionId ? { dimensionId, position } : {}),
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.formula !== undefined ? { formula: input.formula } : {}),
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(input.isPnlLine !== undefined ? { isPnlLine: input.isPnlLine } : {}),
      }),
    { calculated_drivers_dimension_name_key: fields.name },
  );
  if (!row) throw notFound();
  return row;
}

export async function deleteCalculatedDriver(ctx: AppContext, companyId: number, id: number): Promise<void> {
  const deleted = await ctx.db.transaction((tx) => ctx.repos.calculatedDrivers.delete(companyId, id, tx));
  if (!deleted) throw notFound();
}
