import type { ErrorCode, FieldReason } from "@costflow/contract/errors";

export interface FieldProblem {
  field: string;
  reason: FieldReason;
  /** Values for the reason's message placeholders, e.g. `{ minimum: 8 }`. */
  values?: Record<string, string | number>;
}

/**
 * An expected failure: its code fixes the HTTP status (contract `ERROR_STATUS`) and the user
 * message (`errors.<code>`); `fields` say which input was refused and why. `detail` is for logs.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldProblem[];

  constructor(code: ErrorCode, fields: FieldProblem[] = [], detail?: string) {
    super(detail ?? code);
    this.name = "AppError";
    this.code = code;
    this.fields = fields;
  }
}

/** 404 for a missing id — also what a row of another company looks like. */
export function notFound(field = "id"): AppError {
  return new AppError("NOT_FOUND", [{ field, reason: "not_found" }]);
}

export function fieldError(
  code: ErrorCode,
  field: string,
  reason: FieldReason,
  values?: FieldProblem["values"],
) {
  return new AppError(code, [{ field, reason, ...(values ? { values } : {}) }]);
}
