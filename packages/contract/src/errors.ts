import { z } from "zod";

// One table from error code to HTTP status. The user-facing text is the translation
// `errors.<CODE>` (packages/contract/src/i18n/<lang>/errors.json); the server's internal message
// never reaches the client on a 5xx.
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  INVALID_CREDENTIALS: 401,
  NOT_AUTHENTICATED: 401,
  TOKEN_INVALID: 401,
  ACCOUNT_NOT_VALIDATED: 403,
  FORBIDDEN: 403,
  NO_COMPANY_SELECTED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  FILE_FORMAT_NOT_ACCEPTED: 415,
  IMPOSSIBLE_TO_UPLOAD: 400,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  NO_CALCULATION: 404,
  CALCULATION_NOT_STOPPABLE: 400,
  RESULT_DETAIL_NOT_KEPT: 400,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

// Why one field was refused. Each reason has a translation `errors.reasons.<reason>`.
export const FIELD_REASONS = [
  "required",
  "invalid_type",
  "invalid_format",
  "invalid_character",
  "invalid_email",
  "invalid_date",
  "invalid_value",
  "too_short",
  "too_long",
  "too_small",
  "too_big",
  "out_of_range",
  "unknown_field",
  "invalid_json",
  "not_found",
  "taken",
  "email_or_company_taken",
  "not_member",
  "not_company_admin",
  "not_owner",
  "not_invitee",
  "already_member",
  "already_pending",
  "already_decided",
  "invalid_token",
  "wrong_password",
  "period_order",
  "too_large",
  "entry_too_large",
  "archive_too_large",
  "unsupported_media_type",
  // Allocation rules and P&L lines.
  "percentage_range",
  "driver_required",
  "driver_group_percentage",
  "not_in_model",
  "not_indirect_pool",
  "not_direct_pool",
  "same_as_source",
  "tdabc_only",
  "tdabc_mixed",
  "driver_not_in_dimension",
  "not_decimal_driver",
  "no_relationship",
  "driver_not_reached",
  "cycle",
  "in_use",
  "not_pnl_driver",
  "not_applicable",
  "invalid_split",
  "formula_missing_equals",
  "formula_empty_formula",
  "formula_unexpected_character",
  "formula_unexpected_token",
  "formula_unclosed_parenthesis",
  "formula_unclosed_bracket",
  "formula_empty_name",
  "formula_unknown_function",
  "formula_wrong_arity",
  "formula_unknown_name",
  "formula_too_complex",
  "formula_division_by_zero",
  // Cost data, dimensions, records and calculated drivers.
  "search_account",
  "invalid_number",
  "unknown_driver",
  "parent_not_found",
  "relationship_name",
  "self_reference",
  "tdabc_taken",
  "tdabc_decimal",
  "confirm_required",
  "no_calculation",
  "no_calculated_drivers",
  "calculation_running",
  "not_stoppable",
  "formula_valid",
  "file_format",
  "unreadable_file",
  "not_running",
  "unknown_line",
  "comparison_items",
  "line_or_driver",
  "no_split",
  // Export files.
  "unsupported",
  "xlsx_too_many_rows",
  "not_ready",
  "invalid_call",
] as const;
export type FieldReason = (typeof FIELD_REASONS)[number];

export const FieldError = z.object({
  /** Dotted path of the field (`email`, `body`, `query.limit` for query strings is just `limit`). */
  field: z.string(),
  reason: z.enum(FIELD_REASONS),
  /** Translated text of the reason in the request's language. */
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldError>;

export const ErrorBody = z
  .object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    message_key: z.string(),
    errors: z.array(FieldError),
  })
  .meta({ id: "ErrorBody" });
export type ErrorBody = z.infer<typeof ErrorBody>;
