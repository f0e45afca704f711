import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { calculatedDriverTotals } from "../schema/calculated-driver-values.ts";
import { calculatedDrivers, dimensions } from "../schema/model-master-data.ts";
import { calculatedDriverRunsRepository } from "./calculated-driver-runs.ts";
import { calculatedDriverValuesRepository } from "./calculated-driver-values.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type { DriversCalculationRow } from "./calculated-driver-runs.ts";
export type CalculatedDriver = typeof calculatedDrivers.$inferSelect;
export type CalculatedDriverView = CalculatedDriver & { dimensionName: string };

const driverColumns = { driver: calculatedDrivers, dimensionName: dimensions.name };
const dimensionJoin = and(
  eq(dimensions.companyId, calculatedDrivers.companyId),
  eq(dimensions.id, calculatedDrivers.dimensionId),
);
const toView = (r: { driver: CalculatedDriver; dimensionName: string }): CalculatedDriverView => ({
  ...r.driver,
  dimensionName: r.dimensionName,
});

/**
 * Calculated drivers (one store for the older and the beta API), with their runs
 * (calculated-driver-runs.ts) and the values those runs computed (calculated-driver-values.ts).
 */
export function calculatedDriversRepository(db: Database) {
  async function find(
    companyId: number,
    id: number,
    tx: Executor = db,
  ): Promise<CalculatedDriverView | undefined> {
    const [row] = await tx
      .select(driverColumns)
      .from(calculatedDrivers)
      .innerJoin(dimensions, dimensionJoin)
      .where(and(eq(calculatedDrivers.companyId, companyId), eq(calculatedDrivers.id, id)));
    return row && toView(row);
  }

  return {
    ...calculatedDriverRunsRepository(db),
    ...calculatedDriverValuesRepository(db),
    find,

    async list(
      companyId: number,
      filter: { modelId: number; dimensionId?: number | undefined; isPnlLine?: boolean | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<CalculatedDriverView>> {
      const conditions: SQL[] = [
        eq(calculatedDrivers.companyId, companyId),
        eq(calculatedDrivers.modelId, filter.modelId),
      ];
      if (filter.dimensionId !== undefined)
        conditions.push(eq(calculatedDrivers.dimensionId, filter.dimensionId));
      if (filter.isPnlLine !== undefined) conditions.push(eq(calculatedDrivers.isPnlLine, filter.isPnlLine));
      const where = and(...conditions);
      const rows = await tx
        .select(driverColumns)
        .from(calculatedDrivers)
        .innerJoin(dimensions, dimensionJoin)
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              name: calculatedDrivers.name,
              dimension_name: dimensions.name,
              position: calculatedDrivers.position,
              id: calculatedDrivers.id,
            },
            "position",
            calculatedDrivers.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return { rows: rows.map(toView), count: await tx.$count(calculatedDrivers, where) };
    },

    /** The drivers with their totals in a run (null total when the run has none or there is no run). */
    async listWithTotals(
      companyId: number,
      filter: { modelId: number; dimensionId?: number | undefined },
      calculationId: number | null,
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<CalculatedDriverView & { total: number | null }>> {
      const conditions: SQL[] = [
        eq(calculatedDrivers.companyId, companyId),
        eq(calculatedDrivers.modelId, filter.modelId),
      ];
      if (filter.dimensionId !== undefined)
        conditions.push(eq(calculatedDrivers.dimensionId, filter.dimensionId));
      const where = and(...conditions);
      const rows = await tx
        .select({ ...driverColumns, total: calculatedDriverTotals.sumValue })
        .from(calculatedDrivers)
        .innerJoin(dimensions, dimensionJoin)
        .leftJoin(
          calculatedDriverTotals,
          and(
            eq(calculatedDriverTotals.calculationId, calculationId ?? -1),
            eq(calculatedDriverTotals.calculatedDriverId, calculatedDrivers.id),
          ),
        )
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              name: calculatedDrivers.name,
              dimension_name: dimensions.name,
              total_value: calculatedDriverTotals.sumValue,
              position: calculatedDrivers.position,
              id: calculatedDrivers.id,
            },
            "position",
            calculatedDrivers.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return {
        rows: rows.map((r) => ({ ...toView(r), total: r.total })),
        count: await tx.$count(calculatedDrivers, where),
      };
    },

    /** Every calculated driver of the given dimensions, in definition order. */
    async ofDimensions(
      companyId: number,
      dimensionIds: number[],
      tx: Executor = db,
    ): Promise<CalculatedDriver[]> {
      if (dimensionIds.length === 0) return [];
      return tx
        .select()
        .from(calculatedDrivers)
        .where(
          and(
            eq(calculatedDrivers.companyId, companyId),
            inArray(calculatedDrivers.dimensionId, dimensionIds),
          ),
        )
        .orderBy(calculatedDrivers.position, calculatedDrivers.id);
    },

    /** Every calculated driver of the model: by dimension, then definition order. */
    async ofModel(companyId: number, modelId: number, tx: Executor = db): Promise<CalculatedDriverView[]> {
      const rows = await tx
        .select(driverColumns)
        .from(calculatedDrivers)
        .innerJoin(dimensions, dimensionJoin)
        .where(and(eq(calculatedDrivers.companyId, companyId), eq(calculatedDrivers.modelId, modelId)))
        .orderBy(calculatedDrivers.dimensionId, calculatedDrivers.position, calculatedDrivers.id);
      return rows.map(toView);
    },

    async nextPosition(companyId: number, dimensionId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ next: sql<number>`coalesce(max(${calculatedDrivers.position}) + 1, 0)::int` })
        .from(calculatedDrivers)
        .where(
          and(eq(calculatedDrivers.companyId, companyId), eq(calculatedDrivers.dimensionId, dimensionId)),
        );
      return row?.next ?? 0;
    },

    async create(
      companyId: number,
      driver: {
        modelId: number;
        dimensionId: number;
        name: string;
        formula: string;
        type: string;
        isPnlLine: boolean;
        position: number;
      },
      tx: Executor = db,
    ): Promise<CalculatedDriverView> {
      const [row] = await tx
        .insert(calculatedDrivers)
        .values({ ...driver, companyId })
        .returning({ id: calculatedDrivers.id });
      return (await find(companyId, row!.id, tx))!;
    },

    async update(
      companyId: number,
      id: number,
      changes: Partial<
        Pick<CalculatedDriver, "dimensionId" | "name" | "formula" | "type" | "isPnlLine" | "position">
      >,
      tx: Executor = db,
    ): Promise<CalculatedDriverView | undefined> {
      if (Object.keys(changes).length > 0) {
        await tx
          .update(calculatedDrivers)
          .set(changes)
          .where(and(eq(calculatedDrivers.companyId, companyId), eq(calculatedDrivers.id, id)));
      }
      return find(companyId, id, tx);
    },

    /** Deletes the driver; its step-6 rules, P&L lines and computed values go with it (cascades). */
    async delete(companyId: number, id: number, tx: Executor = db): Promise<boolean> {
      // report_lines_parent_fk is ON DELETE SET NULL over (company_id, parent_id): detach the
      // children of the lines that go, or company_id would be nulled with it.
      await tx.execute(sql`update report_lines set parent_id = null
        where company_id = ${companyId} and parent_id in (
          select id from report_lines where company_id = ${companyId} and calculated_driver_id = ${id})`);
      const rows = await tx
        .delete(calculatedDrivers)
        .where(and(eq(calculatedDrivers.companyId, companyId), eq(calculatedDrivers.id, id)))
        .returning({ id: calculatedDrivers.id });
      return rows.length === 1;
    },
  };
}
