import { z } from "zod";
import type { FieldReason } from "./errors.ts";

// The building blocks of every request schema: ids and text as the database can hold them, so a
// hostile value is a 400 naming its field (or a 404 for a path id) before any query runs
// (docs/api-contract.md, "Malformed input").

/** Largest value of the 32-bit `integer` columns (ids, positions, ranks). */
export const INT4_MAX = 2_147_483_647;

/** An id in a JSON body: a positive integer a 32-bit id column can hold. */
export const idSchema = z.number().int().positive().max(INT4_MAX);

/**
 * An id in a path or query string (text coerced to a number). Above INT4_MAX no row can have it:
 * a path id that large answers 404, a query or body id 400 too_big.
 */
export const queryIdSchema = z.coerce.number().int().positive().max(INT4_MAX);

/** A non-negative integer stored in a 32-bit column (positions, ranks, a `0` meaning "none"). */
export const int4Schema = z.number().int().min(0).max(INT4_MAX);

/** The reason of a text holding a NUL character (PostgreSQL text cannot store U+0000). */
const NUL_REASON: FieldReason = "invalid_character";

/**
 * Any text a client sends (body field, query parameter, form field). PostgreSQL refuses U+0000 in
 * text, so it is refused here with its field named; chain `.trim().min().max()` as needed.
 */
export const textSchema = z.string().refine((text) => !text.includes("\u0000"), {
  params: { reason: NUL_REASON },
});
