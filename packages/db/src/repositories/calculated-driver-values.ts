import { and, asc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { calculatedDriverTotals, calculatedDriverValues } from "../schema/calculated-driver-values.ts";
import { calculatedDrivers, dimensions } from "../schema/model-master-data.ts";
import { dimensionRecords } from "../schema/scenario-data.ts";
import { CALCULATED_DRIVERS } from "./calculated-driver-runs.ts";
import type { PageRequest } from "./paging.ts";

const dimensionJoin = and(
  eq(dimensions.companyId, calculatedDrivers.companyId),
  eq(dimensions.id, calculatedDrivers.dimensionId),
);

/** A JS array as a PostgreSQL array literal passed as one text parameter (works on both drivers). */
const arrayLiteral = (values: readonly (number | string)[]) => `{${values.join(",")}}`;

/** What calculated-driver runs computed: values per record and totals per driver. */
export function calculatedDriverValuesRepository(db: Database) {
  return {
    /** Stores one driver's values on a batch of records (one statement per batch). */
    async insertValues(
      companyId: number,
      calculationId: number,
      driverId: number,
      recordIds: readonly number[],
      values: readonly number[],
      tx: Executor = db,
    ): Promise<void> {
      if (recordIds.length === 0) return;
      await tx.execute(sql`insert into calculated_driver_values
        (company_id, calculation_id, calculated_driver_id, record_id, value)
        select ${companyId}, ${calculationId}, ${driverId}, r, v
        from unnest(${arrayLiteral(recordIds)}::bigint[], ${arrayLiteral(values)}::float8[]) as u(r, v)`);
    },

    async insertTotals(
      companyId: number,
      calculationId: number,
      totals: { driverId: number; sumValue: number; records: number }[],
      tx: Executor = db,
    ): Promise<void> {
      if (totals.length === 0) return;
      await tx.insert(calculatedDriverTotals).values(
        totals.map((t) => ({
          companyId,
          calculationId,
          calculatedDriverId: t.driverId,
          sumValue: t.sumValue,
          records: t.records,
        })),
      );
    },

    /** Drops the values of a run that did not finish, and of the scenario's runs older than `keep`. */
    async deleteValues(
      companyId: number,
      filter: { calculationId: number } | { scenarioId: number; olderThan: number },
      tx: Executor = db,
    ): Promise<void> {
      const runs =
        "calculationId" in filter
          ? sql`(${filter.calculationId})`
          : sql`(select id from calculations where company_id = ${companyId}
              and scenario_id = ${filter.scenarioId} and category = ${CALCULATED_DRIVERS}
              and id < ${filter.olderThan})`;
      await tx.execute(
        sql`delete from calculated_driver_values where company_id = ${companyId} and calculation_id in ${runs}`,
      );
      await tx.execute(
        sql`delete from calculated_driver_totals where company_id = ${companyId} and calculation_id in ${runs}`,
      );
    },

    /** Per-driver totals of a run (results), by dimension then definition order. */
    async totals(
      companyId: number,
      calculationId: number,
      filter: { dimensionId?: number | undefined; driverId?: number | undefined },
      page: PageRequest | null,
      tx: Executor = db,
    ) {
      const conditions: SQL[] = [
        eq(calculatedDriverTotals.companyId, companyId),
        eq(calculatedDriverTotals.calculationId, calculationId),
      ];
      if (filter.dimensionId !== undefined)
        conditions.push(eq(calculatedDrivers.dimensionId, filter.dimensionId));
      if (filter.driverId !== undefined) conditions.push(eq(calculatedDrivers.id, filter.driverId));
      const where = and(...conditions);
      const base = tx
        .select({
          driverId: calculatedDrivers.id,
          driverName: calculatedDrivers.name,
          dimensionId: dimensions.id,
          dimensionName: dimensions.name,
          sumValue: calculatedDriverTotals.sumValue,
          records: calculatedDriverTotals.records,
        })
        .from(calculatedDriverTotals)
        .innerJoin(
          calculatedDrivers,
          and(
            eq(calculatedDrivers.companyId, calculatedDriverTotals.companyId),
            eq(calculatedDrivers.id, calculatedDriverTotals.calculatedDriverId),
          ),
        )
        .innerJoin(dimensions, dimensionJoin)
        .where(where)
        .orderBy(dimensions.name, calculatedDrivers.position, calculatedDrivers.id);
      const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
      const [counted] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(calculatedDriverTotals)
        .innerJoin(
          calculatedDrivers,
          and(
            eq(calculatedDrivers.companyId, calculatedDriverTotals.companyId),
            eq(calculatedDrivers.id, calculatedDriverTotals.calculatedDriverId),
          ),
        )
        .where(where);
      return { rows, count: counted?.n ?? 0 };
    },

    /**
     * One driver's values per record in a run, in record order (the primary key's order, so a
     * keyset scan `after` a record id costs the same on every page).
     */
    async recordValues(
      companyId: number,
      calculationId: number,
      driverId: number,
      page: { limit: number; offset?: number | undefined; after?: number | undefined },
      tx: Executor = db,
    ) {
      return tx
        .select({
          record: calculatedDriverValues.recordId,
          identifier: dimensionRecords.identifier,
          value: calculatedDriverValues.value,
        })
        .from(calculatedDriverValues)
        .innerJoin(dimensionRecords, eq(dimensionRecords.id, calculatedDriverValues.recordId))
        .where(
          and(
            eq(calculatedDriverValues.companyId, companyId),
            eq(calculatedDriverValues.calculationId, calculationId),
            eq(calculatedDriverValues.calculatedDriverId, driverId),
            page.after !== undefined ? gt(calculatedDriverValues.recordId, page.after) : undefined,
          ),
        )
        .orderBy(asc(calculatedDriverValues.recordId))
        .limit(page.limit)
        .offset(page.offset ?? 0);
    },
  };
}
