import { and, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import { reportDimensions } from "../../schema/report-data.ts";
import { type Chunks, copyBytes } from "../results/copy-bytes.ts";
import { type Filter, rawExecute } from "./report-sql.ts";

// A report run's data as a whole (written in one transaction, deleted once superseded) and its
// dimension rows: per dimension, the columns, totals and lines every report of it starts from.

export type ReportTable = "report_records" | "report_orders" | "report_splits";

export interface ReportDimensionRow {
  companyId: number;
  calculationId: number;
  scenarioId: number;
  dimensionId: number;
  dimensionCode: string;
  records: number;
  columns: string[];
  totals: number[];
  lines: unknown;
  profitLine: string;
  revenueLine: string;
  profitTotal: number;
  costTotal: number;
  whale: unknown;
  activities: unknown;
}

/**
 * What the report phase writes: dimension rows, and COPY bytes per table (chunks may be lazy) in
 * COPY's text or binary format (copyBytes).
 */
export interface ReportDataPayload {
  dimensions: ReportDimensionRow[];
  tables: {
    table: ReportTable;
    columns: readonly string[];
    chunks: Chunks;
    format: "text" | "binary";
  }[];
}

export function reportRunsRepository(db: Database) {
  const execute = rawExecute(db);

  return {
    /** Writes a run's report data; call inside the transaction that finishes its REPORTS rows. */
    async write(payload: ReportDataPayload, tx: Executor): Promise<void> {
      if (payload.dimensions.length) await tx.insert(reportDimensions).values(payload.dimensions);
      for (const t of payload.tables) await copyBytes(t.table, t.columns, t.chunks, tx, t.format);
    },

    /**
     * Deletes the report data of the scenario's runs other than `keep` (the latest FINISHED
     * REPORTS run) among `ended` (roots that had ended when `keep` was read, in the same snapshot):
     * a run still going, or one that ended since, may have just committed its reports.
     */
    async deleteSuperseded(
      companyId: number,
      scenarioId: number,
      keep: number | undefined,
      ended: ReadonlySet<number>,
    ): Promise<void> {
      const { rows } = await execute(sql`
        select distinct d.calculation_id as id from report_dimensions d
        where d.company_id = ${companyId} and d.scenario_id = ${scenarioId}
          and d.calculation_id <> ${keep ?? -1}`);
      for (const { id } of rows) {
        if (!ended.has(Number(id))) continue;
        for (const table of ["report_records", "report_orders", "report_splits", "report_dimensions"]) {
          await execute(
            sql`delete from ${sql.identifier(table)} where company_id = ${companyId} and calculation_id = ${Number(id)}`,
          );
        }
      }
    },

    async dimension(f: Filter, dimensionId: number): Promise<ReportDimensionRow | undefined> {
      const t = reportDimensions;
      const [row] = await db
        .select()
        .from(t)
        .where(
          and(
            eq(t.companyId, f.companyId),
            eq(t.calculationId, f.calculationId),
            eq(t.dimensionId, dimensionId),
          ),
        );
      return row as ReportDimensionRow | undefined;
    },

    /** Any dimension row of the run (its lines), or undefined when the run has no report data. */
    async anyDimension(f: Filter): Promise<ReportDimensionRow | undefined> {
      const t = reportDimensions;
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.companyId, f.companyId), eq(t.calculationId, f.calculationId)))
        .limit(1);
      return row as ReportDimensionRow | undefined;
    },
  };
}
