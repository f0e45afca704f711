import type { CheckAllocationFormula, FormulaFeedback } from "@costflow/contract/allocation";
import type { Language } from "@costflow/contract/languages";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { weightNames } from "./formula-names.ts";
import { formulaFeedback } from "./formula-problems.ts";

/** formula_feedback of a split formula over a dimension's drivers and calculated drivers. */
export async function checkAllocationFormula(
  ctx: AppContext,
  companyId: number,
  input: CheckAllocationFormula,
  language: Language,
): Promise<FormulaFeedback> {
  const dimension = await ctx.repos.allocationRules.findDimension(companyId, input.dimension);
  if (!dimension) throw notFound("dimension");
  const { names } = await weightNames(ctx, companyId, dimension.id);
  return formulaFeedback(input.equation, names, language);
}
