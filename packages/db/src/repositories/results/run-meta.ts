import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../client.ts";
import { calculations } from "../../schema/calculations.ts";
import { scenarios } from "../../schema/models.ts";
import { calculationResults } from "../../schema/results.ts";

// A run's meta row (calculation_results): which run a result page reads, its currency and
// totals, and its report data. Never cached: a new run may finish at any moment.

export interface RunMeta {
  scenarioId: number;
  currency: string;
  minorDigits: number;
  glTotal: number;
  detailLimit: number;
}

type RunMetaRow = typeof calculationResults.$inferSelect;

/** Where a result page's run stands: no such scenario, no finished run of the category, or the run. */
type LatestRun =
  | { scenario: false }
  | { scenario: true; run: null }
  | { scenario: true; run: { calculationId: number; finishedAt: Date | null; meta: RunMeta | null } };

export function runMetaRepository(db: Database) {
  /** The scenario, its latest FINISHED run of a category and the run's meta, in one query. */
  function latestRunQuery() {
    const c = calculations;
    const latest = db
      .select({ id: c.id, parentId: c.parentId, finishedAt: c.finishedAt })
      .from(c)
      .where(
        and(
          eq(c.companyId, scenarios.companyId),
          eq(c.scenarioId, scenarios.id),
          eq(c.category, sql.placeholder("category")),
          eq(c.status, "FINISHED"),
        ),
      )
      .orderBy(desc(c.finishedAt), desc(c.id))
      .limit(1)
      .as("latest");
    const t = calculationResults;
    return db
      .select({
        runId: latest.id,
        parentId: latest.parentId,
        finishedAt: latest.finishedAt,
        metaScenario: t.scenarioId,
        currency: t.currency,
        minorDigits: t.minorDigits,
        glTotal: t.glTotal,
        detailLimit: t.detailLimit,
      })
      .from(scenarios)
      .leftJoinLateral(latest, sql`true`)
      .leftJoin(
        t,
        and(
          eq(t.companyId, scenarios.companyId),
          eq(t.calculationId, sql`coalesce(${latest.parentId}, ${latest.id})`),
        ),
      )
      .where(
        and(
          eq(scenarios.companyId, sql.placeholder("companyId")),
          eq(scenarios.id, sql.placeholder("scenarioId")),
        ),
      );
  }
  let preparedLatest: ReturnType<ReturnType<typeof latestRunQuery>["prepare"]> | undefined;

  return {
    /**
     * The scenario, its latest FINISHED run of `category` (the root run: `parent_id` when the run
     * is a child) and that run's meta row, in one query: every result page starts with it.
     */
    async latestRun(companyId: number, scenarioId: number, category: string): Promise<LatestRun> {
      // Every result page starts here: a named prepared statement, built once (as findScenario).
      preparedLatest ??= latestRunQuery().prepare("costflow_latest_run");
      const [row] = await preparedLatest.execute({ companyId, scenarioId, category });
      if (!row) return { scenario: false };
      if (row.runId === null) return { scenario: true, run: null };
      const meta =
        row.metaScenario === null || row.currency === null || row.minorDigits === null
          ? null
          : {
              scenarioId: row.metaScenario,
              currency: row.currency,
              minorDigits: row.minorDigits,
              glTotal: row.glTotal as number,
              detailLimit: row.detailLimit as number,
            };
      return {
        scenario: true,
        run: { calculationId: row.parentId ?? row.runId, finishedAt: row.finishedAt, meta },
      };
    },

    /**
     * A run's meta row without its report data: every result page reads it, and the summary alone
     * is hundreds of MB at size L.
     */
    async meta(companyId: number, calculationId: number): Promise<RunMeta | undefined> {
      const t = calculationResults;
      const [row] = await db
        .select({
          scenarioId: t.scenarioId,
          currency: t.currency,
          minorDigits: t.minorDigits,
          glTotal: t.glTotal,
          detailLimit: t.detailLimit,
        })
        .from(calculationResults)
        .where(
          and(
            eq(calculationResults.companyId, companyId),
            eq(calculationResults.calculationId, calculationId),
          ),
        );
      return row;
    },

    /** One part of a run's report data (null until its reports are in). */
    async report<K extends "summaryGz" | "summaryHead" | "validation" | "sankey">(
      companyId: number,
      calculationId: number,
      part: K,
    ): Promise<RunMetaRow[K] | null> {
      const t = calculationResults;
      const [row] = await db
        .select({ value: t[part] })
        .from(t)
        .where(and(eq(t.companyId, companyId), eq(t.calculationId, calculationId)));
      return (row?.value ?? null) as RunMetaRow[K] | null;
    },
  };
}
