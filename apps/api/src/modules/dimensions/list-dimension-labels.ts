import type { DimensionLabels } from "@costflow/contract/dimensions";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireModel } from "../../lib/data-scope.ts";

/** Column labels of the model's dimensions and of their drivers, with ids. */
export async function listDimensionLabels(
  ctx: AppContext,
  companyId: number,
  modelId: number,
): Promise<z.output<typeof DimensionLabels>> {
  const model = await requireModel(ctx, companyId, modelId);
  const dimensions = await ctx.repos.dimensions.all(companyId, model.id);
  const drivers = await ctx.repos.drivers.ofDimensions(
    companyId,
    dimensions.map((d) => d.id),
  );
  return dimensions.map((d) => ({
    id: d.id,
    label: d.name,
    code: d.code,
    columns: drivers
      .filter((driver) => driver.dimensionId === d.id)
      .map((driver) => ({
        id: driver.id,
        name: driver.name,
        label: driver.label ?? driver.name,
        data_type: driver.dataType as "DATE" | "TEXT" | "DECI" | "DIMENSION",
      })),
  }));
}
