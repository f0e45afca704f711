// Paged lists (contract: {count, next, previous, results}; the transactional-data endpoints
// answer {items, count}). Normalised to one shape for the tables. A fetcher passes the contract
// schema of one row: in development builds the whole answer is checked against the contract's page
// of it.
import { page } from "@costflow/contract/pagination";
import { items } from "@costflow/contract/transactional-data";
import type { ZodType } from "zod";
import { ApiError, api, type QueryValue } from "./api-client";
import type { Page } from "./api-types";

export interface PageParams {
  limit: number;
  offset: number;
  ordering?: string;
  search?: string;
}

/** A result page may carry `totals`: column sums over the whole filtered set (contract: calculation.ts). */
export type TotalledPage<T> = Page<T> & { totals?: Record<string, number> };

function normalizePage<T>(raw: unknown): TotalledPage<T> {
  if (Array.isArray(raw)) return { count: raw.length, next: null, previous: null, results: raw as T[] };
  const r = (raw ?? {}) as {
    count?: number;
    next?: string | null;
    previous?: string | null;
    results?: T[];
    items?: T[];
    totals?: Record<string, number>;
  };
  const results = r.results ?? r.items ?? [];
  return {
    count: r.count ?? results.length,
    next: r.next ?? null,
    previous: r.previous ?? null,
    results,
    ...(r.totals ? { totals: r.totals } : {}),
  };
}

/** The list call a table's fetcher makes (path and parameters), for the table's Export menu. */
export interface RecordedCall {
  path: string;
  params: Record<string, QueryValue>;
}
let recorder: ((call: RecordedCall) => void) | null = null;

/**
 * Runs `fetch` and reports the list call it makes synchronously (fetchPage is called before any
 * await in every fetcher of the app), so the shared table can export the same call whole.
 */
export function recordingCall<R>(record: (call: RecordedCall) => void, fetch: () => R): R {
  recorder = record;
  try {
    return fetch();
  } finally {
    recorder = null;
  }
}

/** The list envelope of an endpoint: the contract's page, or `{items, count}` (transactional-data). */
type Envelope = "page" | "items";

/** The contract's envelope of `item`, built once per row schema (and only when answers are checked). */
const envelopeSchemas = { page: new WeakMap<ZodType, ZodType>(), items: new WeakMap<ZodType, ZodType>() };
function envelopeOf(item: ZodType | undefined, envelope: Envelope): ZodType | undefined {
  if (!item || !import.meta.env.DEV) return undefined;
  let schema = envelopeSchemas[envelope].get(item);
  if (!schema) {
    schema = envelope === "page" ? page(item) : items(item);
    envelopeSchemas[envelope].set(item, schema);
  }
  return schema;
}

export async function fetchPage<T>(
  path: string,
  params: Record<string, QueryValue>,
  item?: ZodType<T>,
  envelope: Envelope = "page",
): Promise<TotalledPage<T>> {
  recorder?.({ path, params });
  return normalizePage<T>(await api.get<unknown>(path, params, { schema: envelopeOf(item, envelope) }));
}

/** A list endpoint the server does not offer (yet) reads as an empty list, not as a failure. */
export async function fetchPageOrEmpty<T>(
  path: string,
  params: Record<string, QueryValue>,
  item?: ZodType<T>,
  envelope: Envelope = "page",
): Promise<TotalledPage<T>> {
  try {
    return await fetchPage<T>(path, params, item, envelope);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      return { count: 0, next: null, previous: null, results: [] };
    throw error;
  }
}

/** Offsets are never negative. */
export function offsetFor(page: number, pageSize: number): number {
  return Math.max(0, (page - 1) * pageSize);
}

export function orderingFor(sort: { id: string; desc: boolean } | undefined): string | undefined {
  return sort ? `${sort.desc ? "-" : ""}${sort.id}` : undefined;
}
