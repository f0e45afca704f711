import { FormulaFeedback } from "@costflow/contract/allocation";
import { api } from "../../../lib/api-client";

/** POST allocation/check-formula/ {dimension, equation}: the rule form's live check. */
export function checkFormula(dimension: number, equation: string, signal?: AbortSignal) {
  return api.post("allocation/check-formula/", { dimension, equation }, { signal, schema: FormulaFeedback });
}
