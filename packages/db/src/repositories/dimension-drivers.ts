import { and, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { dimensionRecordCounts } from "../schema/dimension-record-counts.ts";
import { dimensionDrivers } from "../schema/model-master-data.ts";
import { dimensionRecords } from "../schema/scenario-data.ts";
import { clearDriverReferences } from "./dimensions.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type DimensionDriver = typeof dimensionDrivers.$inferSelect;

/** Driver types whose values can be sorted on, so they get a sort index (see sortIndexSql). */
const SORTABLE_DRIVER_TYPES = new Set(["DECI", "TEXT", "DATE"]);

/** A string as an SQL literal (names go into index expressions, which take no parameters). */
function sqlLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

const sortIndexName = (driverId: number) => `dimension_records_driver_${driverId}_idx`;

/**
 * The expression a record list sorts on for this driver. Index and query must spell it the same
 * way (a literal key, not a parameter) for PostgreSQL to match them. jsonb orders numbers
 * numerically and strings (dates are YYYY-MM-DD) as text; a missing value is NULL, sorted last.
 */
export const sortExpression = (name: string) => `(fields -> ${sqlLiteral(name)})`;

/**
 * One partial index per sortable driver over the records of its dimension, in (scenario, value, id)
 * order: a page sorted by the driver reads ten index entries instead of sorting the dimension's
 * records (docs/performance.md, "Lists").
 */
function sortIndexSql(
  driver: { id: number; dimensionId: number; name: string },
  concurrently: boolean,
): string {
  return `create index ${concurrently ? "concurrently " : ""}if not exists ${sortIndexName(driver.id)}
    on dimension_records (scenario_id, ${sortExpression(driver.name)}, id)
    where dimension_id = ${Number(driver.dimensionId)}`;
}

/** Drivers of dimensions (records' columns), with relationship drivers `<PARENT_CODE>_ID`. */
export function dimensionDriversRepository(db: Database) {
  async function find(
    companyId: number,
    id: number,
    tx: Executor = db,
  ): Promise<DimensionDriver | undefined> {
    const [row] = await tx
      .select()
      .from(dimensionDrivers)
      .where(and(eq(dimensionDrivers.companyId, companyId), eq(dimensionDrivers.id, id)));
    return row;
  }

  return {
    find,

    async list(
      companyId: number,
      dimensionId: number,
      filter: { dataType?: string | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<DimensionDriver>> {
      const conditions: SQL[] = [
        eq(dimensionDrivers.companyId, companyId),
        eq(dimensionDrivers.dimensionId, dimensionId),
      ];
      if (filter.dataType) conditions.push(eq(dimensionDrivers.dataType, filter.dataType));
      const where = and(...conditions);
      const rows = await tx
        .select()
        .from(dimensionDrivers)
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              name: dimensionDrivers.name,
              data_type: dimensionDrivers.dataType,
              position: dimensionDrivers.position,
              id: dimensionDrivers.id,
            },
            "position",
            dimensionDrivers.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return { rows, count: await tx.$count(dimensionDrivers, where) };
    },

    /** Every driver of the given dimensions, in position order. */
    async ofDimensions(
      companyId: number,
      dimensionIds: number[],
      tx: Executor = db,
    ): Promise<DimensionDriver[]> {
      if (dimensionIds.length === 0) return [];
      return tx
        .select()
        .from(dimensionDrivers)
        .where(
          and(eq(dimensionDrivers.companyId, companyId), inArray(dimensionDrivers.dimensionId, dimensionIds)),
        )
        .orderBy(dimensionDrivers.position, dimensionDrivers.id);
    },

    /** Relationship drivers (of any dimension) whose values name records of `dimensionId`. */
    async targeting(companyId: number, dimensionId: number, tx: Executor = db): Promise<DimensionDriver[]> {
      return tx
        .select()
        .from(dimensionDrivers)
        .where(
          and(eq(dimensionDrivers.companyId, companyId), eq(dimensionDrivers.targetDimensionId, dimensionId)),
        );
    },

    /**
     * The formulas that could read a driver of the dimension by name, with who holds each: the
     * dimension's calculated drivers (by name), and FORMULA rules of steps 4-6 splitting onto the
     * dimension (by source activity code or source calculated driver name), in every scenario.
     */
    async formulaReaders(
      companyId: number,
      dimensionId: number,
      tx: Executor = db,
    ): Promise<{ reader: string; formula: string }[]> {
      const { rows } = (await tx.execute(sql`
        select d.name as reader, d.formula from calculated_drivers d
          where d.company_id = ${companyId} and d.dimension_id = ${dimensionId}
        union all
        select a.code, r.equation from activity_allocations r
          join activities a on a.company_id = r.company_id and a.id = r.source_id
          where r.company_id = ${companyId} and r.destination_id = ${dimensionId} and r.split_type = 'FORMULA'
        union all
        select a.code, r.equation from dimension_allocations r
          join activities a on a.company_id = r.company_id and a.id = r.source_activity_id
          where r.company_id = ${companyId} and r.destination_child_id = ${dimensionId} and r.split_type = 'FORMULA'
        union all
        select d.name, r.equation from calculated_driver_allocations r
          join calculated_drivers d on d.company_id = r.company_id and d.id = r.source_driver_id
          where r.company_id = ${companyId} and r.destination_child_id = ${dimensionId} and r.split_type = 'FORMULA'
      `)) as unknown as { rows: { reader: string; formula: string }[] };
      return rows;
    },

    async findByName(
      companyId: number,
      dimensionId: number,
      name: string,
      tx: Executor = db,
    ): Promise<DimensionDriver | undefined> {
      const [row] = await tx
        .select()
        .from(dimensionDrivers)
        .where(
          and(
            eq(dimensionDrivers.companyId, companyId),
            eq(dimensionDrivers.dimensionId, dimensionId),
            eq(dimensionDrivers.name, name),
          ),
        );
      return row;
    },

    async create(
      companyId: number,
      driver: {
        dimensionId: number;
        name: string;
        dataType: string;
        targetDimensionId: number | null;
        label: string | null;
        isPnlLine: boolean;
        position?: number | undefined;
      },
      tx: Executor = db,
    ): Promise<DimensionDriver> {
      const position =
        driver.position ??
        (
          await tx
            .select({ next: sql<number>`coalesce(max(${dimensionDrivers.position}) + 1, 0)::int` })
            .from(dimensionDrivers)
            .where(
              and(
                eq(dimensionDrivers.companyId, companyId),
                eq(dimensionDrivers.dimensionId, driver.dimensionId),
              ),
            )
        )[0]!.next;
      const [row] = await tx
        .insert(dimensionDrivers)
        .values({ ...driver, position, companyId })
        .returning();
      return row!;
    },

    /**
     * Builds the driver's sort index. Outside a transaction on PostgreSQL it is built
     * CONCURRENTLY, so writers of other dimensions' records are never blocked meanwhile.
     */
    async createSortIndex(
      driver: { id: number; dimensionId: number; name: string; dataType: string },
      options: { concurrently: boolean },
      tx: Executor = db,
    ): Promise<void> {
      if (!SORTABLE_DRIVER_TYPES.has(driver.dataType)) return;
      await tx.execute(sql.raw(sortIndexSql(driver, options.concurrently)));
    },

    /**
     * Drops the driver's sort index. Call it after the transaction that removed the driver: a drop
     * locks the whole records table until commit; CONCURRENTLY (PostgreSQL) does not lock writers.
     */
    async dropSortIndex(
      driverId: number,
      options: { concurrently: boolean },
      tx: Executor = db,
    ): Promise<void> {
      const concurrently = options.concurrently ? "concurrently " : "";
      await tx.execute(sql.raw(`drop index ${concurrently}if exists ${sortIndexName(driverId)}`));
    },

    /** Updates the driver; a new name is carried into every record of its dimension. */
    async update(
      companyId: number,
      driver: DimensionDriver,
      changes: Partial<Pick<DimensionDriver, "name" | "label" | "isPnlLine" | "position">>,
      tx: Executor = db,
    ): Promise<DimensionDriver> {
      // An empty PATCH/PUT ({}) changes nothing: answer the driver as it is (an UPDATE without a
      // SET list is not SQL).
      if (Object.values(changes).every((value) => value === undefined)) return driver;
      const [row] = await tx
        .update(dimensionDrivers)
        .set(changes)
        .where(and(eq(dimensionDrivers.companyId, companyId), eq(dimensionDrivers.id, driver.id)))
        .returning();
      if (changes.name !== undefined && changes.name !== driver.name) {
        await tx
          .update(dimensionRecords)
          .set({
            fields: sql`(${dimensionRecords.fields} - ${driver.name}::text) || jsonb_build_object(${changes.name}::text, ${dimensionRecords.fields} -> ${driver.name}::text)`,
          })
          .where(
            and(
              eq(dimensionRecords.companyId, companyId),
              eq(dimensionRecords.dimensionId, driver.dimensionId),
              sql`(${dimensionRecords.fields} -> ${driver.name}::text) is not null`,
            ),
          );
      }
      return row!;
    },

    /** Deletes the driver and its values in every record of its dimension. Run in a transaction. */
    async delete(companyId: number, driver: DimensionDriver, tx: Executor = db): Promise<boolean> {
      await clearDriverReferences(tx, companyId, sql`(${driver.id})`);
      const rows = await tx
        .delete(dimensionDrivers)
        .where(and(eq(dimensionDrivers.companyId, companyId), eq(dimensionDrivers.id, driver.id)))
        .returning({ id: dimensionDrivers.id });
      await tx
        .update(dimensionRecords)
        .set({ fields: sql`${dimensionRecords.fields} - ${driver.name}::text` })
        .where(
          and(
            eq(dimensionRecords.companyId, companyId),
            eq(dimensionRecords.dimensionId, driver.dimensionId),
            sql`(${dimensionRecords.fields} -> ${driver.name}::text) is not null`,
          ),
        );
      return rows.length === 1;
    },

    /**
     * Deletes every driver of the dimension — its relationship drivers (`..._ID`) included — and
     * its records (transactions) in every scenario. Run in a transaction.
     */
    async deleteAllOfDimension(companyId: number, dimensionId: number, tx: Executor = db) {
      const ofDimension = and(
        eq(dimensionDrivers.companyId, companyId),
        eq(dimensionDrivers.dimensionId, dimensionId),
      );
      const relationship = await tx.$count(
        dimensionDrivers,
        and(ofDimension, eq(dimensionDrivers.dataType, "DIMENSION"), like(dimensionDrivers.name, "%\\_ID")),
      );
      await clearDriverReferences(
        tx,
        companyId,
        sql`(select id from dimension_drivers
        where company_id = ${companyId} and dimension_id = ${dimensionId})`,
      );
      const drivers = await tx
        .delete(dimensionDrivers)
        .where(ofDimension)
        .returning({ id: dimensionDrivers.id });
      // The trigger-kept counts say how many records go, without returning a million ids.
      const [counted] = await tx
        .select({ n: sql<string>`coalesce(sum(${dimensionRecordCounts.records}), 0)::text` })
        .from(dimensionRecordCounts)
        .where(
          and(
            eq(dimensionRecordCounts.companyId, companyId),
            eq(dimensionRecordCounts.dimensionId, dimensionId),
          ),
        );
      await tx
        .delete(dimensionRecords)
        .where(and(eq(dimensionRecords.companyId, companyId), eq(dimensionRecords.dimensionId, dimensionId)));
      return {
        driverIds: drivers.map((d) => d.id),
        relationshipDrivers: relationship,
        records: Number(counted?.n ?? 0),
      };
    },
  };
}
