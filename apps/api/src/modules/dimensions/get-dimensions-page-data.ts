import type { DimensionsPageData } from "@costflow/contract/dimensions";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { otherModel, requireModel, requireScenario } from "../../lib/data-scope.ts";
import { dimensionTree } from "./dimension-tree.ts";

/** The model's dimension tree with drivers (and, given a scenario, the record counts). */
export async function getDimensionsPageData(
  ctx: AppContext,
  companyId: number,
  input: { model: number; scenario?: number | undefined },
): Promise<z.output<typeof DimensionsPageData>> {
  const model = await requireModel(ctx, companyId, input.model);
  let counts: Map<number, number> | null = null;
  if (input.scenario !== undefined) {
    const scenario = await requireScenario(ctx, companyId, input.scenario);
    if (scenario.modelId !== model.id) throw otherModel("scenario");
    counts = await ctx.repos.dimensions.recordCounts(companyId, scenario.id);
  }
  const dimensions = await ctx.repos.dimensions.all(companyId, model.id);
  const drivers = await ctx.repos.drivers.ofDimensions(
    companyId,
    dimensions.map((d) => d.id),
  );
  return {
    model: model.id,
    dimensions: dimensionTree(dimensions, drivers, counts),
    count: dimensions.length,
  };
}
