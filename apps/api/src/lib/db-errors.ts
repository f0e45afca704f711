import type { FieldReason } from "@costflow/contract/errors";

/** The SQLSTATE of a PostgreSQL error, whether raised by pg, PGlite, or wrapped by drizzle. */
export function postgresErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Data exceptions (SQLSTATE class 22) caused by a value the client sent, with the field reason
 * they are refused with: a NUL or bad byte in text, a number past its column, an unreadable
 * number or date. See plugins/error-handler.ts.
 */
export const DATA_EXCEPTIONS: Record<string, FieldReason> = {
  "22021": "invalid_character", // character_not_in_repertoire (a NUL byte in text)
  "22P05": "invalid_character", // untranslatable_character (\u0000 in jsonb)
  "22003": "out_of_range", // numeric_value_out_of_range (2^31 in an integer column)
  "22P02": "invalid_value", // invalid_text_representation
  "22007": "invalid_date", // invalid_datetime_format
  "22008": "invalid_date", // datetime_field_overflow
  "22001": "too_long", // string_data_right_truncation
};

/** True for PostgreSQL's unique_violation, whether raised by pg, PGlite, or wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
