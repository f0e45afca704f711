import type { Page } from "@costflow/contract/pagination";
import type { FastifyRequest } from "fastify";

/**
 * The list envelope `{count, next, previous, results}` of one page; next/previous are absolute
 * URLs of the same request with the offset moved (null at either end).
 */
export function toPage<Row, Item>(
  request: FastifyRequest,
  result: { rows: Row[]; count: number },
  params: { limit: number; offset: number },
  toItem: (row: Row) => Item,
): Page<Item> {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const at = (offset: number) => {
    const moved = new URL(url);
    moved.searchParams.set("limit", String(params.limit));
    moved.searchParams.set("offset", String(offset));
    return moved.toString();
  };
  const { limit, offset } = params;
  return {
    count: result.count,
    next: offset + limit < result.count ? at(offset + limit) : null,
    previous: offset > 0 ? at(Math.max(0, offset - limit)) : null,
    results: result.rows.map(toItem),
  };
}

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
