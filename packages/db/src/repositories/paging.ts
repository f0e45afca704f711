import { asc, desc, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

export interface PageRequest {
  limit: number;
  offset: number;
  /** `field` or `-field`; the field must be a key of the repository's sortable columns. */
  ordering?: string | undefined;
}

export interface PageResult<T> {
  rows: T[];
  count: number;
}

/**
 * ORDER BY for a list: the requested field (already validated against the contract), then the
 * default, then `tieBreak` so that pages never overlap or skip rows with equal sort keys.
 */
export function orderBy(
  ordering: string | undefined,
  sortable: Record<string, AnyPgColumn | SQL>,
  fallback: string,
  tieBreak: AnyPgColumn,
): SQL[] {
  const clauses: SQL[] = [];
  for (const spec of [ordering, fallback]) {
    if (!spec) continue;
    const descending = spec.startsWith("-");
    const column = sortable[descending ? spec.slice(1) : spec];
    if (column) clauses.push(descending ? desc(column) : asc(column));
  }
  clauses.push(desc(tieBreak));
  return clauses;
}
