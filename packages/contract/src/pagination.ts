import { z } from "zod";

// The one list envelope and list query of every paged list (docs/ARCHITECTURE.md, "A request, end
// to end", 6): `?limit&offset&ordering` in, `{count, next, previous, results}` out.
export const PAGE_LIMIT_DEFAULT = 10;
const PAGE_LIMIT_MAX = 100;

/** `limit`: default 10; values above 100 are capped at 100 (not refused). */
export const PageLimit = z.coerce
  .number()
  .int()
  .min(1)
  .default(PAGE_LIMIT_DEFAULT)
  .transform((n) => Math.min(n, PAGE_LIMIT_MAX));
/** `offset`: never negative. */
export const PageOffset = z.coerce.number().int().min(0).default(0);

/**
 * `ordering`: one of the given fields, optionally prefixed with `-` for descending.
 * The list of fields is per endpoint; anything else is a 400 naming `ordering`.
 */
function orderingOf<const F extends readonly [string, ...string[]]>(fields: F) {
  const values = fields.flatMap((f) => [f, `-${f}`]) as [
    F[number] | `-${F[number]}`,
    ...(F[number] | `-${F[number]}`)[],
  ];
  return z.enum(values);
}

/** The query of a paged list whose rows can be ordered by `fields`. */
export function listQuery<const F extends readonly [string, ...string[]]>(fields: F) {
  return z.object({
    limit: PageLimit,
    offset: PageOffset,
    ordering: orderingOf(fields).optional(),
  });
}

/** The envelope of a paged list of `item`. `next`/`previous` are absolute URLs or null. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().min(0),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
