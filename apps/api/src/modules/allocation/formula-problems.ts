import type { FormulaFeedback } from "@costflow/contract/allocation";
import { FIELD_REASONS, type FieldReason } from "@costflow/contract/errors";
import type { Language } from "@costflow/contract/languages";
import { type MessageKey, serverMessage } from "@costflow/contract/server-messages";
import { checkFormula, type FormulaCheck } from "@costflow/engine/formula/compile";
import type { Problems } from "./problems.ts";

// Formula errors of the engine (code + 0-based position) as field problems and as the editor's
// formula_feedback. Messages count characters from 1 ("column").

type FormulaFailure = Extract<FormulaCheck, { ok: false }>;

function reasonOf(code: string): FieldReason {
  const reason = `formula_${code}`;
  return (FIELD_REASONS as readonly string[]).includes(reason)
    ? (reason as FieldReason)
    : "formula_unexpected_token";
}

const valuesOf = (failure: FormulaFailure) => ({ column: failure.position + 1, name: failure.name ?? "" });

/** Checks `source` against `names`; a failure becomes a problem on `field`. */
export function checkFormulaInto(
  problems: Problems,
  field: string,
  source: string,
  names: readonly string[],
): FormulaCheck {
  const check = checkFormula(source, names);
  if (!check.ok) problems.add(field, reasonOf(check.code), valuesOf(check));
  return check;
}

export function formulaFeedback(
  source: string,
  names: readonly string[],
  language: Language,
): FormulaFeedback {
  const check = checkFormula(source, names);
  if (check.ok) return { ok: true, names: check.names, error: null };
  const values = valuesOf(check);
  return {
    ok: false,
    names: [],
    error: {
      code: check.code,
      position: check.position,
      column: values.column,
      name: check.name ?? null,
      message: serverMessage(language, `errors.reasons.${reasonOf(check.code)}` as MessageKey, values),
    },
  };
}

/** A formula that is just "=": what FORMULA starts with before the user writes one. */
export const isEmptyFormula = (source: string): boolean => source.trim() === "=" || source.trim() === "";
