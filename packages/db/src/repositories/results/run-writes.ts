import { and, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import { calculationResults } from "../../schema/results.ts";
import { forgetRun } from "../run-read-cache.ts";
import { type Chunks, copyBytes } from "./copy-bytes.ts";
import type { RunMeta } from "./run-meta.ts";

// Writing a run's result rows and its meta row, adding its report data, and deleting the rows no
// category shows any more.

export type ResultTable =
  | "result_allocations"
  | "result_sources"
  | "result_time_driven"
  | "result_pushes"
  | "result_vectors"
  | "result_unallocated"
  | "result_records";

/** One table's rows as COPY text bytes (UTF-8; company_id and calculation_id in each line). */
export interface TablePayload {
  table: ResultTable;
  columns: readonly string[];
  /**
   * Finished chunks, a generator the rows are built by while they are copied, or chunks arriving
   * from the thread that builds them.
   */
  chunks: Chunks;
  /** COPY's text or binary format (copyBytes). */
  format: "text" | "binary";
}

/** What a run adds for the reports once its step results are in. */
export interface RunReports {
  /** The results summary without its per-record parts, as JSON text (schema/results.ts). */
  summaryHead: string;
  validation: unknown;
  sankey: unknown;
}

/** The step of each step category (result rows carry the step). */
const STEP_OF: Record<string, number> = {
  ACCOUNT_TO_COST_POOL: 1,
  INDIRECT_COST_POOL_TO_COST_POOL: 2,
  DIRECT_COST_POOL_TO_ACTIVITY: 3,
  ACTIVITY_TO_DIMENSION_DIRECT: 4,
  ACTIVITY_TO_DIMENSION_INDIRECT: 5,
  CALCULATED_DRIVER_TO_DIMENSION: 6,
};

/**
 * Which rows each category shows: a run's rows of a group stay while the run is the latest
 * FINISHED run of one of the group's categories.
 */
const OWNED: { categories: string[]; table: ResultTable; step?: number }[] = [
  ...[1, 2, 3].flatMap((step) => [
    { categories: [categoryOf(step)], table: "result_allocations" as const, step },
    { categories: [categoryOf(step)], table: "result_sources" as const, step },
  ]),
  { categories: ["DIRECT_COST_POOL_TO_ACTIVITY"], table: "result_time_driven" },
  { categories: ["ACTIVITY_TO_DIMENSION_DIRECT"], table: "result_sources", step: 4 },
  ...[4, 5, 6].map((step) => ({ categories: [categoryOf(step)], table: "result_vectors" as const, step })),
  ...[5, 6].flatMap((step) => [
    { categories: [categoryOf(step)], table: "result_pushes" as const, step },
    { categories: [categoryOf(step)], table: "result_unallocated" as const, step },
  ]),
  // Identifiers of the detail arrays (steps 4-6) and the record totals (step 5), with the
  // orderings of the totals (result_vectors step 0).
  ...(["result_records", "result_vectors"] as const).map((table) => ({
    categories: [
      "ACTIVITY_TO_DIMENSION_DIRECT",
      "ACTIVITY_TO_DIMENSION_INDIRECT",
      "CALCULATED_DRIVER_TO_DIMENSION",
    ],
    table,
    ...(table === "result_vectors" ? { step: 0 } : {}),
  })),
];

function categoryOf(step: number): string {
  return Object.keys(STEP_OF).find((c) => STEP_OF[c] === step)!;
}

export function runWritesRepository(db: Database) {
  /**
   * The runs of the scenario with a meta row. Which of them are over is the caller's snapshot
   * (deleteSuperseded's `ended`), not a second read here.
   */
  async function runsWithRows(companyId: number, scenarioId: number) {
    return db
      .select({ id: calculationResults.calculationId })
      .from(calculationResults)
      .where(and(eq(calculationResults.companyId, companyId), eq(calculationResults.scenarioId, scenarioId)));
  }

  /** Deletes the row groups of run `id` that none of the categories in `live` shows. */
  async function deleteGroupsNotShown(companyId: number, id: number, live: Set<string>) {
    for (const group of OWNED) {
      if (group.categories.some((c) => live.has(c))) continue;
      forgetRun(db, { companyId, calculationId: id });
      const step = group.step === undefined ? sql`` : sql` and step = ${group.step}`;
      await db.execute(
        sql`delete from ${sql.identifier(group.table)} where company_id = ${companyId} and calculation_id = ${id}${step}`,
      );
    }
  }

  return {
    /** Writes a run's rows and its meta row; call inside the transaction that finishes the run. */
    async writeRun(
      companyId: number,
      calculationId: number,
      meta: RunMeta,
      tables: readonly TablePayload[],
      tx: Executor,
    ): Promise<void> {
      for (const t of tables) {
        if (Array.isArray(t.chunks) && t.chunks.length === 0) continue;
        await copyBytes(t.table, t.columns, t.chunks, tx, t.format);
      }
      await tx.insert(calculationResults).values({
        companyId,
        calculationId,
        scenarioId: meta.scenarioId,
        currency: meta.currency,
        minorDigits: meta.minorDigits,
        glTotal: meta.glTotal,
        detailLimit: meta.detailLimit,
      });
    },

    /** Adds the report data to a run's meta row (inside the transaction finishing its reports). */
    async writeReports(
      companyId: number,
      calculationId: number,
      reports: RunReports,
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(calculationResults)
        .set({
          summaryHead: reports.summaryHead,
          validation: reports.validation,
          sankey: reports.sankey,
        })
        .where(
          and(
            eq(calculationResults.companyId, companyId),
            eq(calculationResults.calculationId, calculationId),
          ),
        );
    },

    /**
     * Deletes the rows no category shows any more: for each older run of the scenario, the row
     * groups of the categories it is no longer the latest FINISHED run of (all of them: its meta
     * row too). `latest` maps category -> root id of its latest FINISHED run and `ended` holds the
     * roots that had ended, both read in one snapshot: a run that ended since is not touched.
     */
    async deleteSuperseded(
      companyId: number,
      scenarioId: number,
      latest: Map<string, number>,
      ended: ReadonlySet<number>,
    ): Promise<number> {
      let cleaned = 0;
      for (const { id } of await runsWithRows(companyId, scenarioId)) {
        if (!ended.has(id)) continue;
        const live = new Set([...latest].filter(([, root]) => root === id).map(([category]) => category));
        await deleteGroupsNotShown(companyId, id, live);
        const thisRun = and(
          eq(calculationResults.companyId, companyId),
          eq(calculationResults.calculationId, id),
        );
        if (live.size === 0) {
          await db.delete(calculationResults).where(thisRun);
          cleaned++;
        } else if (!live.has("REPORTS")) {
          await db
            .update(calculationResults)
            .set({ summaryGz: null, summaryHead: null, validation: null, sankey: null })
            .where(thisRun);
        }
      }
      return cleaned;
    },
  };
}
