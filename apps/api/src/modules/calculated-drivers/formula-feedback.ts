import type { FormulaFeedback } from "@costflow/contract/calculated-drivers";
import type { Language } from "@costflow/contract/languages";
import { type MessageKey, serverMessage } from "@costflow/contract/server-messages";
import type { CalculatedDriver } from "@costflow/db/repositories/calculated-drivers";
import { checkFormula, FormulaError } from "@costflow/engine/formula/compile";
import { tokenize } from "@costflow/engine/formula/tokenize";
import type { AppContext } from "../../context.ts";

// What the formula editor shows: the engine's checkFormula verdict (formula_feedback) and the
// formula's tokens (formula_splited). Saving never depends on it; calculating does.

/** The names a calculated driver's formula may read: the dimension's decimal drivers and the
 * calculated drivers defined before it (`before`: its position and id; none for a new one). */
export async function knownNames(
  ctx: AppContext,
  companyId: number,
  dimensionId: number,
  before: { position: number; id: number } | null,
): Promise<string[]> {
  const drivers = await ctx.repos.drivers.ofDimensions(companyId, [dimensionId]);
  const calculated = await ctx.repos.calculatedDrivers.ofDimensions(companyId, [dimensionId]);
  return [
    ...drivers.filter((d) => d.dataType === "DECI").map((d) => d.name),
    ...calculated.filter((c) => before === null || isBefore(c, before)).map((c) => c.name),
  ];
}

export const isBefore = (
  c: Pick<CalculatedDriver, "position" | "id">,
  at: { position: number; id: number },
) => c.position < at.position || (c.position === at.position && c.id < at.id);

/** The formula's tokens in order (names without brackets); [] when it cannot be tokenized. */
function splitFormula(formula: string): string[] {
  const start = formula.search(/\S/);
  if (start < 0 || formula[start] !== "=") return [];
  try {
    return tokenize(formula, start + 1)
      .filter((t) => t.kind !== "eof")
      .map((t) => t.text);
  } catch (error) {
    if (error instanceof FormulaError) return [];
    throw error;
  }
}

function formulaFeedback(language: Language, formula: string, names: readonly string[]): FormulaFeedback {
  const check = checkFormula(formula, names);
  if (check.ok) {
    const key: MessageKey = "errors.reasons.formula_valid";
    return {
      valid: true,
      names: check.names,
      code: null,
      position: null,
      name: null,
      message: serverMessage(language, key),
      message_key: key,
    };
  }
  const key = `errors.reasons.formula_${check.code}` as MessageKey;
  return {
    valid: false,
    names: [],
    code: check.code,
    position: check.position,
    name: check.name ?? null,
    // Messages count characters from 1, as people do.
    message: serverMessage(language, key, { column: check.position + 1, name: check.name ?? "" }),
    message_key: key,
  };
}

export function feedbackOf(language: Language, formula: string, names: readonly string[]) {
  return {
    formula_feedback: formulaFeedback(language, formula, names),
    formula_splited: splitFormula(formula),
  };
}
