import {
  type CreateDimensionDriver,
  relationshipDriverName,
  type UpdateDimensionDriver,
} from "@costflow/contract/dimensions";
import type { Executor } from "@costflow/db/client";
import type { DimensionDriver } from "@costflow/db/repositories/dimension-drivers";
import { parseFormula } from "@costflow/engine/formula/parse";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError, fieldError, notFound } from "../../lib/app-error.ts";
import { mapConstraintErrors, otherModel } from "../../lib/data-scope.ts";

// Dimension drivers: the columns of a dimension's records. A DIMENSION driver is a relationship
// to another dimension of the model, named `<TARGET_CODE>_ID`. Decimal, text and date drivers get
// a sort index over their values when created (docs/performance.md, "Lists").

const nameTaken = { dimension_drivers_dimension_name_key: "name" };

/** Formulas read drivers and calculated drivers by name: one name, one meaning per dimension. */
async function checkNameFree(ctx: AppContext, companyId: number, dimensionId: number, name: string) {
  const calculated = await ctx.repos.calculatedDrivers.ofDimensions(companyId, [dimensionId]);
  if (calculated.some((c) => c.name === name)) throw fieldError("CONFLICT", "name", "taken");
}

/** Builds the driver's sort index, without holding writers up on PostgreSQL (see the repository). */
async function buildSortIndex(ctx: AppContext, driver: DimensionDriver): Promise<void> {
  await ctx.repos.drivers.createSortIndex(driver, { concurrently: ctx.database.driver === "postgres" });
}

/**
 * Drops the sort indexes of drivers already deleted (outside their transaction, so the records
 * table is never locked for the length of a big delete). A failure leaves an unused index behind,
 * which is logged, not fatal.
 */
export async function dropSortIndexes(ctx: AppContext, driverIds: number[]): Promise<void> {
  for (const id of driverIds) {
    try {
      await ctx.repos.drivers.dropSortIndex(id, { concurrently: ctx.database.driver === "postgres" });
    } catch (error) {
      ctx.log.warn({ err: error, driverId: id }, "sort index not dropped");
    }
  }
}

export async function createDriver(
  ctx: AppContext,
  companyId: number,
  input: z.output<typeof CreateDimensionDriver>,
): Promise<DimensionDriver> {
  const dimension = await ctx.repos.dimensions.find(companyId, input.dimension);
  if (!dimension) throw notFound("dimension");
  let name = input.name;
  if (input.data_type === "DIMENSION") {
    if (input.target_dimension === null) throw fieldError("VALIDATION_ERROR", "target_dimension", "required");
    const target = await ctx.repos.dimensions.find(companyId, input.target_dimension);
    if (!target) throw notFound("target_dimension");
    if (target.modelId !== dimension.modelId) throw otherModel("target_dimension");
    if (target.id === dimension.id)
      throw fieldError("VALIDATION_ERROR", "target_dimension", "self_reference");
    const expected = relationshipDriverName(target.code);
    if (name !== undefined && name !== expected) {
      throw fieldError("VALIDATION_ERROR", "name", "relationship_name", { name: expected });
    }
    name = expected;
  } else if (input.target_dimension !== null) {
    throw fieldError("VALIDATION_ERROR", "target_dimension", "not_applicable");
  }
  if (name === undefined) throw fieldError("VALIDATION_ERROR", "name", "required");
  await checkNameFree(ctx, companyId, dimension.id, name);
  const driver = await mapConstraintErrors(
    () =>
      ctx.repos.drivers.create(companyId, {
        dimensionId: dimension.id,
        name: name!,
        dataType: input.data_type,
        targetDimensionId: input.data_type === "DIMENSION" ? input.target_dimension : null,
        label: input.label ?? null,
        isPnlLine: input.is_pnl_line,
        position: input.position,
      }),
    nameTaken,
  );
  await buildSortIndex(ctx, driver);
  return driver;
}

/**
 * Makes sure `child` has the relationship driver to `parent` (`<PARENT_CODE>_ID`), as a dimension
 * with a parent needs one for its records to point at their parents (and for step-5 pushes).
 */
export async function ensureRelationshipDriver(
  ctx: AppContext,
  companyId: number,
  child: { id: number },
  parent: { id: number; code: string },
  tx: Executor,
): Promise<void> {
  const name = relationshipDriverName(parent.code);
  if (await ctx.repos.drivers.findByName(companyId, child.id, name, tx)) return;
  await ctx.repos.drivers.create(
    companyId,
    {
      dimensionId: child.id,
      name,
      dataType: "DIMENSION",
      targetDimensionId: parent.id,
      label: null,
      isPnlLine: false,
    },
    tx,
  );
}

export async function updateDriver(
  ctx: AppContext,
  companyId: number,
  id: number,
  input: UpdateDimensionDriver,
): Promise<DimensionDriver> {
  const current = await ctx.repos.drivers.find(companyId, id);
  if (!current) throw notFound();
  const renamed = input.name !== undefined && input.name !== current.name;
  if (renamed && current.dataType === "DIMENSION") {
    // A relationship driver's name is fixed by its target's code.
    throw fieldError("VALIDATION_ERROR", "name", "relationship_name", { name: current.name });
  }
  if (renamed) {
    await checkNameFree(ctx, companyId, current.dimensionId, input.name!);
    // Formulas read drivers by name: a rename would leave them pointing at nothing.
    const readers = await formulaReaders(ctx, companyId, current.dimensionId, current.name);
    if (readers.length > 0)
      throw new AppError("CONFLICT", [
        { field: "name", reason: "in_use", values: { items: readers.join(", ") } },
      ]);
  }
  const driver = await mapConstraintErrors(
    () =>
      ctx.db.transaction((tx) =>
        ctx.repos.drivers.update(
          companyId,
          current,
          {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.label !== undefined ? { label: input.label || null } : {}),
            ...(input.is_pnl_line !== undefined ? { isPnlLine: input.is_pnl_line } : {}),
            ...(input.position !== undefined ? { position: input.position } : {}),
          },
          tx,
        ),
      ),
    nameTaken,
  );
  // The index expression names the driver: a renamed driver gets a new one.
  if (renamed) {
    await dropSortIndexes(ctx, [current.id]);
    await buildSortIndex(ctx, driver);
  }
  return driver;
}

export async function deleteDriver(ctx: AppContext, companyId: number, id: number): Promise<void> {
  const driver = await ctx.repos.drivers.find(companyId, id);
  if (!driver) throw notFound();
  await ctx.db.transaction((tx) => ctx.repos.drivers.delete(companyId, driver, tx));
  await dropSortIndexes(ctx, [driver.id]);
}

/**
 * Deletes every driver of the dimension, its relationship drivers (`_ID`) included, and its
 * records (transactions) in every scenario (docs/data-api.md, "Dimensions and drivers"). Refused
 * unless `confirm` is true.
 */
export async function deleteDimensionDrivers(
  ctx: AppContext,
  companyId: number,
  input: { dimension: number; confirm?: boolean | undefined },
) {
  const dimension = await ctx.repos.dimensions.find(companyId, input.dimension);
  if (!dimension) throw notFound("dimension");
  if (input.confirm !== true) throw fieldError("VALIDATION_ERROR", "confirm", "confirm_required");
  const result = await ctx.db.transaction((tx) =>
    ctx.repos.drivers.deleteAllOfDimension(companyId, dimension.id, tx),
  );
  await dropSortIndexes(ctx, result.driverIds);
  return {
    drivers: result.driverIds.length,
    relationship_drivers: result.relationshipDrivers,
    records: result.records,
  };
}

/**
 * What reads a driver of the dimension by name in a formula: the dimension's calculated drivers,
 * and FORMULA rules of steps 4-6 splitting onto the dimension (activity codes, calculated driver
 * names), in every scenario of the model.
 */
async function formulaReaders(
  ctx: AppContext,
  companyId: number,
  dimensionId: number,
  name: string,
): Promise<string[]> {
  const rows = await ctx.repos.drivers.formulaReaders(companyId, dimensionId);

  const readers = new Set<string>();
  for (const { reader, formula } of rows) {
    try {
      if (parseFormula(formula).references.some((r) => r.name === name)) readers.add(reader);
    } catch {
      // A formula that does not parse reads nothing (its own screen reports the error).
    }
  }
  return [...readers].sort();
}
