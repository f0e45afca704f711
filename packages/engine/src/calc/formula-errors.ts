// Wraps the formula language's errors into CalcErrors that name the formula, its owner, the
// position and (for evaluation errors) the record.

import { FormulaError } from "../formula/compile.ts";
import { CalcError } from "./errors.ts";

export function formulaFailure(error: unknown, owner: string, formula: string, record?: string): never {
  if (error instanceof FormulaError) {
    const where = record === undefined ? "" : ` on record ${record}`;
    throw new CalcError("FORMULA_ERROR", `${owner}: formula "${formula}"${where}: ${error.message}`, {
      owner,
      formula,
      formulaCode: error.code,
      position: error.position,
      name: error.name ?? null,
      record: record ?? null,
    });
  }
  throw error;
}
