import { and, asc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import { dimensionRecordCounts } from "../../schema/dimension-record-counts.ts";
import { dimensionRecords } from "../../schema/scenario-data.ts";
import { sortExpression } from "../dimension-drivers/sort-indexes.ts";
import type { PageRequest, PageResult } from "../paging.ts";
import { type DimensionRecord, inDimension } from "./records.ts";

// Lists of a dimension's records in one scenario, built for a million records: `count` comes from
// the trigger-kept counts, pages are read in index order (identifier, or a driver's sort index),
// search is an identifier prefix served by dimension_records_search_idx; jobs scan them in keyset
// chunks.

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything starting with 50. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** How a record list is sorted: by identifier, or by one driver's value (then by id). */
export type RecordOrder = { by: "identifier" } | { by: "driver"; name: string };

// Past this offset a page in the second half of the list is read backwards from the end, so the
// deepest pages cost what the first ones do (an OFFSET walks every skipped row).
const REVERSE_FROM = 1000;

/**
 * The window a page reads: deep pages in the second half of the list are read backwards from the
 * end (`reverse`: the rows come back in the opposite order).
 */
function pageWindow(page: PageRequest, total: number, descending: boolean) {
  let { limit, offset } = page;
  const reverse = offset > REVERSE_FROM && offset + limit / 2 > total / 2;
  if (reverse) {
    descending = !descending;
    limit = Math.min(limit, total - offset);
    offset = total - offset - limit;
  }
  return { limit, offset, descending, reverse };
}

export function recordListRepository(db: Database) {
  async function count(
    companyId: number,
    scenarioId: number,
    dimensionId: number,
    where: SQL | undefined,
    search: string | undefined,
    tx: Executor,
  ): Promise<number> {
    if (search) return tx.$count(dimensionRecords, where);
    const [row] = await tx
      .select({ records: dimensionRecordCounts.records })
      .from(dimensionRecordCounts)
      .where(
        and(
          eq(dimensionRecordCounts.companyId, companyId),
          eq(dimensionRecordCounts.scenarioId, scenarioId),
          eq(dimensionRecordCounts.dimensionId, dimensionId),
        ),
      );
    return Number(row?.records ?? 0);
  }

  return {
    async list(
      companyId: number,
      scenarioId: number,
      dimensionId: number,
      options: { search?: string | undefined; order: RecordOrder; descending: boolean },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<DimensionRecord>> {
      // The dimension id is written as a literal: the drivers' sort indexes are partial indexes
      // on it, and PostgreSQL matches a partial index only against a literal condition.
      const where = and(
        eq(dimensionRecords.companyId, companyId),
        eq(dimensionRecords.scenarioId, scenarioId),
        sql.raw(`"dimension_records"."dimension_id" = ${Math.trunc(dimensionId)}`),
        options.search
          ? sql`lower(${dimensionRecords.identifier}) like ${`${escapeLike(options.search.toLowerCase())}%`}`
          : undefined,
      );
      const total = await count(companyId, scenarioId, dimensionId, where, options.search, tx);
      if (page.offset >= total) return { rows: [], count: total };
      const { limit, offset, descending, reverse } = pageWindow(page, total, options.descending);
      const direction = descending ? "desc" : "asc";
      const orderBy =
        options.order.by === "identifier"
          ? [sql.raw(`"dimension_records"."identifier" ${direction}`)]
          : [
              sql.raw(`${sortExpression(options.order.name)} ${direction}`),
              sql.raw(`"dimension_records"."id" ${direction}`),
            ];
      const rows = await tx
        .select()
        .from(dimensionRecords)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset);
      if (reverse) rows.reverse();
      return { rows, count: total };
    },

    /** The next `limit` records after `after` in identifier order (a keyset scan for jobs). */
    async chunk(
      companyId: number,
      scenarioId: number,
      dimensionId: number,
      after: string | null,
      limit: number,
      tx: Executor = db,
    ): Promise<Pick<DimensionRecord, "id" | "identifier" | "fields">[]> {
      return tx
        .select({
          id: dimensionRecords.id,
          identifier: dimensionRecords.identifier,
          fields: dimensionRecords.fields,
        })
        .from(dimensionRecords)
        .where(
          inDimension(
            companyId,
            scenarioId,
            dimensionId,
            after === null ? undefined : gt(dimensionRecords.identifier, after),
          ),
        )
        .orderBy(asc(dimensionRecords.identifier))
        .limit(limit);
    },
  };
}
