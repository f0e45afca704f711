import { and, asc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { dimensionRecordCounts } from "../schema/dimension-record-counts.ts";
import { dimensionRecords } from "../schema/scenario-data.ts";
import { sortExpression } from "./dimension-drivers/sort-indexes.ts";
import type { PageRequest, PageResult } from "./paging.ts";

export type DimensionRecord = typeof dimensionRecords.$inferSelect;
export type FieldValues = Record<string, string | number | null>;

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
 * Records (the spec's dimension records and transactions, one store) of one dimension in one
 * scenario. Lists are built for a million records: `count` comes from the trigger-kept counts,
 * pages are read in index order (identifier, or a driver's sort index), search is an identifier
 * prefix served by dimension_records_search_idx.
 */
/** The records of one dimension of a scenario (the company's), and `more` conditions. */
const inDimension = (
  companyId: number,
  scenarioId: number,
  dimensionId: number,
  ...more: (SQL | undefined)[]
) =>
  and(
    eq(dimensionRecords.companyId, companyId),
    eq(dimensionRecords.scenarioId, scenarioId),
    eq(dimensionRecords.dimensionId, dimensionId),
    ...more,
  );

export function dimensionRecordsRepository(db: Database) {
  async function find(
    companyId: number,
    id: number,
    tx: Executor = db,
  ): Promise<DimensionRecord | undefined> {
    const [row] = await tx
      .select()
      .from(dimensionRecords)
      .where(and(eq(dimensionRecords.companyId, companyId), eq(dimensionRecords.id, id)));
    return row;
  }

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
    find,

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
      let { limit, offset } = page;
      if (offset >= total) return { rows: [], count: total };
      let descending = options.descending;
      const reverse = offset > REVERSE_FROM && offset + limit / 2 > total / 2;
      if (reverse) {
        descending = !descending;
        limit = Math.min(limit, total - offset);
        offset = total - offset - limit;
      }
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

    async findByIdentifier(
      companyId: number,
      scenarioId: number,
      dimensionId: number,
      identifier: string,
      tx: Executor = db,
    ): Promise<DimensionRecord | undefined> {
      const [row] = await tx
        .select()
        .from(dimensionRecords)
        .where(inDimension(companyId, scenarioId, dimensionId, eq(dimensionRecords.identifier, identifier)));
      return row;
    },

    /** The identifier of a record of the dimension in the scenario by its id (undefined when not one). */
    async identifierOf(
      companyId: number,
      scenarioId: number,
      dimensionId: number,
      id: number,
      tx: Executor = db,
    ): Promise<string | undefined> {
      const [row] = await tx
        .select({ identifier: dimensionRecords.identifier })
        .from(dimensionRecords)
        .where(inDimension(companyId, scenarioId, dimensionId, eq(dimensionRecords.id, id)));
      return row?.identifier;
    },

    /** Which of `identifiers` are records of the dimension in the scenario (relationship checks). */
    async existingIdentifiers(
      companyId: number,
      scenarioId: number,
      dimensionId: number,
      identifiers: string[],
      tx: Executor = db,
    ): Promise<Set<string>> {
      if (identifiers.length === 0) return new Set();
      const rows = await tx
        .select({ identifier: dimensionRecords.identifier })
        .from(dimensionRecords)
        .where(
          inDimension(companyId, scenarioId, dimensionId, inArray(dimensionRecords.identifier, identifiers)),
        );
      return new Set(rows.map((r) => r.identifier));
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

    async create(
      companyId: number,
      record: { scenarioId: number; dimensionId: number; identifier: string; fields: FieldValues },
      tx: Executor = db,
    ): Promise<DimensionRecord> {
      const [row] = await tx
        .insert(dimensionRecords)
        .values({ ...record, companyId })
        .returning();
      return row!;
    },

    /** Sets the given fields (null values remove theirs) and, optionally, a new identifier. */
    async update(
      companyId: number,
      id: number,
      changes: { identifier?: string | undefined; set: FieldValues; remove: string[] },
      tx: Executor = db,
    ): Promise<DimensionRecord | undefined> {
      let kept: SQL = sql`${dimensionRecords.fields}`;
      for (const name of changes.remove) kept = sql`(${kept} - ${name}::text)`;
      const [row] = await tx
        .update(dimensionRecords)
        .set({
          ...(changes.identifier !== undefined ? { identifier: changes.identifier } : {}),
          fields: sql`${kept} || ${JSON.stringify(changes.set)}::jsonb`,
        })
        .where(and(eq(dimensionRecords.companyId, companyId), eq(dimensionRecords.id, id)))
        .returning();
      return row;
    },

    /**
     * A parent record was renamed: child records pointing at `from` through the relationship
     * driver `driverName` of dimension `dimensionId` now point at `to`.
     */
    async renameReferences(
      companyId: number,
      scenarioId: number,
      child: { dimensionId: number; driverName: string },
      from: string,
      to: string,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(dimensionRecords)
        .set({
          fields: sql`${dimensionRecords.fields} || jsonb_build_object(${child.driverName}::text, ${to}::text)`,
        })
        .where(
          and(
            eq(dimensionRecords.companyId, companyId),
            eq(dimensionRecords.scenarioId, scenarioId),
            eq(dimensionRecords.dimensionId, child.dimensionId),
            sql`${dimensionRecords.fields} ->> ${child.driverName}::text = ${from}::text`,
          ),
        );
    },

    async delete(companyId: number, id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(dimensionRecords)
        .where(and(eq(dimensionRecords.companyId, companyId), eq(dimensionRecords.id, id)))
        .returning({ id: dimensionRecords.id });
      return rows.length === 1;
    },
  };
}
