import type { Language } from "@costflow/contract/languages";
import type {
  BetaCalculatedDriverItems,
  BetaCalculatedDriverQuery,
} from "@costflow/contract/transactional-data";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireModel } from "../../lib/data-scope.ts";
import { feedbackOf, isBefore } from "../calculated-drivers/formula-feedback.ts";
import { toCalculatedDriver } from "../calculated-drivers/save-calculated-driver.ts";

/** The model's calculated drivers (optionally of one dimension), each with its formula's feedback. */
export async function listBetaDrivers(
  ctx: AppContext,
  companyId: number,
  query: z.output<typeof BetaCalculatedDriverQuery>,
  language: Language,
): Promise<z.output<typeof BetaCalculatedDriverItems>> {
  const { model: modelId, dimension_id, ordering, limit, offset } = query;
  const model = await requireModel(ctx, companyId, modelId);
  const result = await ctx.repos.calculatedDrivers.list(
    companyId,
    { modelId: model.id, dimensionId: dimension_id },
    { limit, offset, ordering },
  );
  // Known names per dimension, read once: decimal drivers + every calculated driver.
  const dimensionIds = [...new Set(result.rows.map((r) => r.dimensionId))];
  const drivers = await ctx.repos.drivers.ofDimensions(companyId, dimensionIds);
  const calculated = await ctx.repos.calculatedDrivers.ofDimensions(companyId, dimensionIds);
  const items = result.rows.map((row) => {
    const names = [
      ...drivers.filter((d) => d.dimensionId === row.dimensionId && d.dataType === "DECI").map((d) => d.name),
      ...calculated.filter((c) => c.dimensionId === row.dimensionId && isBefore(c, row)).map((c) => c.name),
    ];
    return { ...toCalculatedDriver(row), ...feedbackOf(language, row.formula, names) };
  });
  return { items, count: result.count };
}
