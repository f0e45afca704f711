import { and, eq, like, sql } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import { dimensionRecordCounts } from "../../schema/dimension-record-counts.ts";
import { dimensionDrivers } from "../../schema/model-master-data.ts";
import { dimensionRecords } from "../../schema/scenario-data.ts";
import { clearDriverReferences } from "../dimensions.ts";
import type { DimensionDriver } from "./drivers.ts";

// Renaming and deleting drivers: the formulas that read a driver by name, and what a change carries
// into the records of the driver's dimension (a renamed key, a removed key, the records
// themselves).

export function driverChangesRepository(db: Database) {
  return {
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
      await clearDriverReferences(companyId, sql`(${driver.id})`, tx);
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
        companyId,
        sql`(select id from dimension_drivers
        where company_id = ${companyId} and dimension_id = ${dimensionId})`,
        tx,
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
