import { and, eq } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { activities, calculatedDrivers, dimensions, reportLines } from "../schema/model-master-data.ts";
import { models } from "../schema/models.ts";

// The P&L structure of a model. Every function takes the caller's company first and filters by
// it, so another company's lines, activities and drivers look like ids that do not exist.

export type ReportLineRow = typeof reportLines.$inferSelect & {
  activityName: string | null;
  calculatedDriverName: string | null;
  dimensionName: string | null;
};
type ReportLineValues = Pick<
  typeof reportLines.$inferInsert,
  | "code"
  | "description"
  | "category"
  | "activityId"
  | "calculatedDriverId"
  | "dimensionId"
  | "formula"
  | "factor"
  | "parentId"
  | "rank"
>;

export function reportLinesRepository(db: Database) {
  function selectLines(tx: Executor) {
    const t = reportLines;
    return tx
      .select({
        line: t,
        activityName: activities.name,
        calculatedDriverName: calculatedDrivers.name,
        dimensionName: dimensions.name,
      })
      .from(t)
      .leftJoin(activities, and(eq(activities.companyId, t.companyId), eq(activities.id, t.activityId)))
      .leftJoin(
        calculatedDrivers,
        and(eq(calculatedDrivers.companyId, t.companyId), eq(calculatedDrivers.id, t.calculatedDriverId)),
      )
      .leftJoin(dimensions, and(eq(dimensions.companyId, t.companyId), eq(dimensions.id, t.dimensionId)));
  }
  const flatten = (r: {
    line: typeof reportLines.$inferSelect;
    activityName: string | null;
    calculatedDriverName: string | null;
    dimensionName: string | null;
  }): ReportLineRow => ({
    ...r.line,
    activityName: r.activityName,
    calculatedDriverName: r.calculatedDriverName,
    dimensionName: r.dimensionName,
  });

  return {
    /** The model, locked FOR UPDATE so that structure checks (codes, cycles) are not raced. */
    async lockModel(companyId: number, modelId: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .select({ id: models.id })
        .from(models)
        .where(and(eq(models.companyId, companyId), eq(models.id, modelId)))
        .for("update");
      return rows.length === 1;
    },

    /** Every line of the model (a P&L structure has tens of lines, not thousands). */
    async listLines(companyId: number, modelId: number, tx: Executor = db): Promise<ReportLineRow[]> {
      const t = reportLines;
      const rows = await selectLines(tx)
        .where(and(eq(t.companyId, companyId), eq(t.modelId, modelId)))
        .orderBy(t.rank, t.code, t.id);
      return rows.map(flatten);
    },

    async findLine(companyId: number, id: number, tx: Executor = db): Promise<ReportLineRow | undefined> {
      const t = reportLines;
      const [row] = await selectLines(tx).where(and(eq(t.companyId, companyId), eq(t.id, id)));
      return row && flatten(row);
    },

    async insertLine(
      companyId: number,
      modelId: number,
      values: ReportLineValues,
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx
        .insert(reportLines)
        .values({ ...values, companyId, modelId })
        .returning({ id: reportLines.id });
      return row!.id;
    },

    async updateLine(companyId: number, id: number, values: ReportLineValues, tx: Executor = db) {
      const t = reportLines;
      await tx
        .update(t)
        .set(values)
        .where(and(eq(t.companyId, companyId), eq(t.id, id)));
    },

    /**
     * Deletes a line; its children move up to its parent. (The composite parent foreign key cannot
     * null just parent_id on its own, so the children are moved first.)
     */
    async deleteLine(companyId: number, id: number, parentId: number | null, tx: Executor = db) {
      const t = reportLines;
      await tx
        .update(t)
        .set({ parentId })
        .where(and(eq(t.companyId, companyId), eq(t.parentId, id)));
      const rows = await tx
        .delete(t)
        .where(and(eq(t.companyId, companyId), eq(t.id, id)))
        .returning({ id: t.id });
      return rows.length === 1;
    },
  };
}
