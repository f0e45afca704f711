import { api } from "../../../lib/api-client";

/** contract: FormulaFeedback (POST allocation/check-formula/ {dimension, equation}). */
export interface FormulaFeedback {
  ok: boolean;
  names: string[];
  error: { code: string; position: number; column: number; name: string | null; message: string } | null;
}

export function checkFormula(dimension: number, equation: string, signal?: AbortSignal) {
  return api.post<FormulaFeedback>("allocation/check-formula/", { dimension, equation }, { signal });
}
