import { and, asc, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { calculatedDriverTotals, calculatedDriverValues } from "../schema/calculated-driver-values.ts";
import { calculationLogs, calculations } from "../schema/calculations.ts";
import { calculatedDrivers, dimensions } from "../schema/model-master-data.ts";
import { dimensionRecords } from "../schema/scenario-data.ts";
import { users } from "../schema/users.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type CalculatedDriver = typeof calculatedDrivers.$inferSelect;
export type CalculatedDriverView = CalculatedDriver & { dimensionName: string };
export type DriversCalculationRow = typeof calculations.$inferSelect & { requestedByName: string | null };

/** The category of calculated-driver runs, and the marker of runs made by this module's worker. */
const CALCULATED_DRIVERS = "CALCULATED_DRIVERS";
const RUNNER = "calculated-drivers";
const ACTIVE = ["REQUESTED", "IN_PROGRESS", "ATTEMPTING_TO_STOP"];

const driverColumns = { driver: calculatedDrivers, dimensionName: dimensions.name };
const dimensionJoin = and(
  eq(dimensions.companyId, calculatedDrivers.companyId),
  eq(dimensions.id, calculatedDrivers.dimensionId),
);
const toView = (r: { driver: CalculatedDriver; dimensionName: string }): CalculatedDriverView => ({
  ...r.driver,
  dimensionName: r.dimensionName,
});
const requestedByName = sql<
  string | null
>`nullif(coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}), '')`;
/** Runs of this module: category CALCULATED_DRIVERS, made by its worker (not step rows of other runs). */
const ownRuns = (companyId: number, scenarioId: number) =>
  and(
    eq(calculations.companyId, companyId),
    eq(calculations.scenarioId, scenarioId),
    eq(calculations.category, CALCULATED_DRIVERS),
    sql`${calculations.options} ->> 'runner' = ${RUNNER}`,
  );

/** A JS array as a PostgreSQL array literal passed as one text parameter (works on both drivers). */
const arrayLiteral = (values: readonly (number | string)[]) => `{${values.join(",")}}`;

/**
 * Calculated drivers (one store for the older and the beta API), their calculation runs, and the
 * values those runs computed.
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

  async function findCalculation(
    companyId: number,
    id: number,
    tx: Executor = db,
  ): Promise<DriversCalculationRow | undefined> {
    const [row] = await tx
      .select({ calculation: calculations, requestedByName })
      .from(calculations)
      .leftJoin(users, eq(users.id, calculations.requestedBy))
      .where(
        and(
          eq(calculations.companyId, companyId),
          eq(calculations.id, id),
          eq(calculations.category, CALCULATED_DRIVERS),
        ),
      );
    return row && { ...row.calculation, requestedByName: row.requestedByName };
  }

  return {
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

    // Calculation runs --------------------------------------------------------------------------

    findCalculation,

    async createCalculation(
      companyId: number,
      run: { scenarioId: number; requestedBy: number | null },
      tx: Executor = db,
    ): Promise<DriversCalculationRow> {
      const [row] = await tx
        .insert(calculations)
        .values({
          companyId,
          scenarioId: run.scenarioId,
          category: CALCULATED_DRIVERS,
          requestedBy: run.requestedBy,
          options: { runner: RUNNER },
        })
        .returning({ id: calculations.id });
      return (await findCalculation(companyId, row!.id, tx))!;
    },

    async setTaskId(companyId: number, id: number, taskId: string | null, tx: Executor = db): Promise<void> {
      await tx
        .update(calculations)
        .set({ taskId })
        .where(and(eq(calculations.companyId, companyId), eq(calculations.id, id)));
    },

    /** The scenario's run still requested or running, if any. */
    async active(
      companyId: number,
      scenarioId: number,
      tx: Executor = db,
    ): Promise<DriversCalculationRow | undefined> {
      const [row] = await tx
        .select({ id: calculations.id })
        .from(calculations)
        .where(and(ownRuns(companyId, scenarioId), inArray(calculations.status, ACTIVE)))
        .orderBy(desc(calculations.requestedAt), desc(calculations.id))
        .limit(1);
      return row && findCalculation(companyId, row.id, tx);
    },

    async listCalculations(
      companyId: number,
      scenarioId: number,
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<DriversCalculationRow>> {
      const where = ownRuns(companyId, scenarioId);
      const rows = await tx
        .select({ calculation: calculations, requestedByName })
        .from(calculations)
        .leftJoin(users, eq(users.id, calculations.requestedBy))
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              requested_at: calculations.requestedAt,
              // Descending puts runs not yet started (null) first: they are the newest.
              started_at: calculations.startedAt,
              finished_at: calculations.finishedAt,
            },
            "-requested_at",
            calculations.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return {
        rows: rows.map((r) => ({ ...r.calculation, requestedByName: r.requestedByName })),
        count: await tx.$count(calculations, where),
      };
    },

    /** The scenario's latest FINISHED run: the only one whose values are read. */
    async latestFinished(
      companyId: number,
      scenarioId: number,
      tx: Executor = db,
    ): Promise<number | undefined> {
      const [row] = await tx
        .select({ id: calculations.id })
        .from(calculations)
        .where(and(ownRuns(companyId, scenarioId), eq(calculations.status, "FINISHED")))
        .orderBy(desc(calculations.finishedAt), desc(calculations.id))
        .limit(1);
      return row?.id;
    },

    /** Takes a REQUESTED run: IN_PROGRESS with a lease. Answers the status the run now has. */
    async claim(
      companyId: number,
      id: number,
      leaseSeconds: number,
      tx: Executor = db,
    ): Promise<string | undefined> {
      await tx
        .update(calculations)
        .set({
          status: "IN_PROGRESS",
          startedAt: sql`now()`,
          leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
        })
        .where(
          and(
            eq(calculations.companyId, companyId),
            eq(calculations.id, id),
            eq(calculations.status, "REQUESTED"),
          ),
        );
      return (await findCalculation(companyId, id, tx))?.status;
    },

    /** Renews the lease and records progress; answers the status (a stop request shows here). */
    async heartbeat(
      companyId: number,
      id: number,
      progress: { fraction: number; message: string },
      leaseSeconds: number,
      tx: Executor = db,
    ): Promise<string | undefined> {
      await tx
        .update(calculations)
        .set({
          progress: progress.fraction.toFixed(4),
          progressMessage: progress.message,
          leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
        })
        .where(
          and(
            eq(calculations.companyId, companyId),
            eq(calculations.id, id),
            inArray(calculations.status, ["IN_PROGRESS", "ATTEMPTING_TO_STOP"]),
          ),
        );
      return (await findCalculation(companyId, id, tx))?.status;
    },

    /**
     * Ends a run. FINISHED only from IN_PROGRESS (a stop asked meanwhile wins); answers whether the
     * status was changed.
     */
    async end(
      companyId: number,
      id: number,
      outcome: {
        status: "FINISHED" | "STOPPED" | "ERROR";
        durationMs?: number | undefined;
        error?: { code: string; message: string } | null;
      },
      tx: Executor = db,
    ): Promise<boolean> {
      const from = outcome.status === "FINISHED" ? ["IN_PROGRESS"] : ACTIVE;
      const rows = await tx
        .update(calculations)
        .set({
          status: outcome.status,
          finishedAt: sql`now()`,
          leaseUntil: null,
          ...(outcome.status === "FINISHED" ? { progress: "1" } : {}),
          ...(outcome.durationMs !== undefined ? { durationMs: outcome.durationMs } : {}),
          ...(outcome.error !== undefined ? { error: outcome.error } : {}),
        })
        .where(
          and(
            eq(calculations.companyId, companyId),
            eq(calculations.id, id),
            inArray(calculations.status, from),
          ),
        )
        .returning({ id: calculations.id });
      return rows.length === 1;
    },

    /**
     * A stop request: a run not yet started ends STOPPED at once; a running one turns
     * ATTEMPTING_TO_STOP and its worker ends it between chunks. Undefined when not stoppable.
     */
    async requestStop(companyId: number, id: number, tx: Executor = db): Promise<string | undefined> {
      const [stopped] = await tx
        .update(calculations)
        .set({ status: "STOPPED", finishedAt: sql`now()`, leaseUntil: null })
        .where(
          and(
            eq(calculations.companyId, companyId),
            eq(calculations.id, id),
            eq(calculations.status, "REQUESTED"),
          ),
        )
        .returning({ status: calculations.status });
      if (stopped) return stopped.status;
      const [stopping] = await tx
        .update(calculations)
        .set({ status: "ATTEMPTING_TO_STOP" })
        .where(
          and(
            eq(calculations.companyId, companyId),
            eq(calculations.id, id),
            eq(calculations.status, "IN_PROGRESS"),
          ),
        )
        .returning({ status: calculations.status });
      return stopping?.status;
    },

    async addLog(
      companyId: number,
      calculationId: number,
      level: "INFO" | "WARNING" | "ERROR",
      detail: string,
      tx: Executor = db,
    ): Promise<void> {
      await tx.insert(calculationLogs).values({ companyId, calculationId, level, detail });
    },

    async logs(
      companyId: number,
      calculationId: number,
      filter: { levels?: string[] | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<typeof calculationLogs.$inferSelect>> {
      const conditions: SQL[] = [
        eq(calculationLogs.companyId, companyId),
        eq(calculationLogs.calculationId, calculationId),
      ];
      if (filter.levels) conditions.push(inArray(calculationLogs.level, filter.levels));
      const where = and(...conditions);
      const rows = await tx
        .select()
        .from(calculationLogs)
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            { at: calculationLogs.at, id: calculationLogs.id },
            "at",
            calculationLogs.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return { rows, count: await tx.$count(calculationLogs, where) };
    },

    // Values ------------------------------------------------------------------------------------

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
