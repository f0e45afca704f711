import type { Language } from "@costflow/contract/languages";
import type { CheckFormulaRequest, CheckFormulaResult } from "@costflow/contract/transactional-data";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { feedbackOf, knownNames } from "../calculated-drivers/formula-feedback.ts";

/**
 * The feedback of a formula over the dimension's names: its decimal drivers and, for the driver
 * `driver_id` of that dimension, the calculated drivers before it (every one for a new driver).
 */
export async function checkDriverFormula(
  ctx: AppContext,
  companyId: number,
  input: z.output<typeof CheckFormulaRequest>,
  language: Language,
): Promise<z.output<typeof CheckFormulaResult>> {
  const { dimension: dimensionId, formula, driver_id } = input;
  const dimension = await ctx.repos.dimensions.find(companyId, dimensionId);
  if (!dimension) throw notFound("dimension");
  let before: { position: number; id: number } | null = null;
  if (driver_id !== undefined && driver_id !== null) {
    const driver = await ctx.repos.calculatedDrivers.find(companyId, driver_id);
    if (!driver) throw notFound("driver_id");
    if (driver.dimensionId === dimension.id) before = driver;
  }
  const names = await knownNames(ctx, companyId, dimension.id, before);
  return feedbackOf(language, formula, names);
}
