import { and, eq, ilike, like, or, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { activityAllocations, dimensionAllocations, directAllocations } from "../schema/allocation-rules.ts";
import { activities, costPools, reportLines } from "../schema/model-master-data.ts";
import { scenarios } from "../schema/models.ts";
import { escapeLike } from "./dimension-records.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type Activity = typeof activities.$inferSelect;
export type ActivityView = Activity & { costPoolName: string | null };

const columns = { activity: activities, costPoolName: costPools.name };
const poolJoin = and(eq(costPools.companyId, activities.companyId), eq(costPools.id, activities.costPoolId));
const toView = (r: { activity: Activity; costPoolName: string | null }): ActivityView => ({
  ...r.activity,
  costPoolName: r.costPoolName,
});

/**
 * A code from a name: upper case, runs of other characters as one "_" (e.g. "Pick & pack" →
 * "PICK_PACK"); "ACTIVITY" when nothing is left.
 */
export function codeFromName(name: string, maxLength = 40): string {
  const code = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, maxLength)
    .replace(/_+$/, "");
  return code || "ACTIVITY";
}

/** Activities of a model. */
export function activitiesRepository(db: Database) {
  async function find(companyId: number, id: number, tx: Executor = db): Promise<ActivityView | undefined> {
    const [row] = await tx
      .select(columns)
      .from(activities)
      .leftJoin(costPools, poolJoin)
      .where(and(eq(activities.companyId, companyId), eq(activities.id, id)));
    return row && toView(row);
  }

  return {
    find,

    async list(
      companyId: number,
      modelId: number,
      filter: { search?: string | undefined; isTdabc?: boolean | undefined; costPoolId?: number | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<ActivityView>> {
      const conditions: (SQL | undefined)[] = [
        eq(activities.companyId, companyId),
        eq(activities.modelId, modelId),
      ];
      if (filter.isTdabc !== undefined) conditions.push(eq(activities.isTdabc, filter.isTdabc));
      if (filter.costPoolId !== undefined) conditions.push(eq(activities.costPoolId, filter.costPoolId));
      if (filter.search) {
        const pattern = `%${escapeLike(filter.search)}%`;
        conditions.push(or(ilike(activities.code, pattern), ilike(activities.name, pattern)));
      }
      const where = and(...conditions);
      const rows = await tx
        .select(columns)
        .from(activities)
        .leftJoin(costPools, poolJoin)
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              code: activities.code,
              name: activities.name,
              is_tdabc: activities.isTdabc,
              costpool: costPools.name,
              id: activities.id,
            },
            "name",
            activities.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return { rows: rows.map(toView), count: await tx.$count(activities, where) };
    },

    /** `base`, or `base_2`, `base_3`... whichever is not yet a code of the model. */
    async freeCode(companyId: number, modelId: number, base: string, tx: Executor = db): Promise<string> {
      const rows = await tx
        .select({ code: activities.code })
        .from(activities)
        .where(
          and(
            eq(activities.companyId, companyId),
            eq(activities.modelId, modelId),
            or(eq(activities.code, base), like(activities.code, `${escapeLike(base)}\\_%`)),
          ),
        );
      const taken = new Set(rows.map((r) => r.code));
      if (!taken.has(base)) return base;
      for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
    },

    async create(
      companyId: number,
      activity: {
        modelId: number;
        code: string;
        name: string;
        description: string;
        isTdabc: boolean;
        costPoolId: number | null;
      },
      tx: Executor = db,
    ): Promise<ActivityView> {
      const [row] = await tx
        .insert(activities)
        .values({ ...activity, companyId })
        .returning({ id: activities.id });
      return (await find(companyId, row!.id, tx))!;
    },

    async update(
      companyId: number,
      id: number,
      changes: Partial<Pick<Activity, "code" | "name" | "description" | "isTdabc" | "costPoolId">>,
      tx: Executor = db,
    ): Promise<ActivityView | undefined> {
      if (Object.keys(changes).length > 0) {
        await tx
          .update(activities)
          .set(changes)
          .where(and(eq(activities.companyId, companyId), eq(activities.id, id)));
      }
      return find(companyId, id, tx);
    },

    /** What deleting the activity takes with it, over every scenario of its model. */
    async deleteImpact(companyId: number, activity: Activity, tx: Executor = db) {
      const count = async (table: typeof directAllocations | typeof activityAllocations, column: SQL) => {
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(and(eq(table.companyId, companyId), sql`${column} = ${activity.id}`));
        return row?.n ?? 0;
      };
      const [lines] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(reportLines)
        .where(and(eq(reportLines.companyId, companyId), eq(reportLines.activityId, activity.id)));
      const [step5] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(dimensionAllocations)
        .where(
          and(
            eq(dimensionAllocations.companyId, companyId),
            eq(dimensionAllocations.sourceActivityId, activity.id),
          ),
        );
      return {
        step3: await count(directAllocations, sql`${directAllocations.destinationId}`),
        step4: await count(activityAllocations, sql`${activityAllocations.sourceId}`),
        step5: step5?.n ?? 0,
        pnlLines: lines?.n ?? 0,
        scenarios: await tx.$count(
          scenarios,
          and(eq(scenarios.companyId, companyId), eq(scenarios.modelId, activity.modelId)),
        ),
      };
    },

    /**
     * Deletes the activity; its rules of steps 3, 4 and 5 and its P&L lines, in every scenario of
     * the model, go with it (foreign-key cascades).
     */
    /** Every activity of the model: its id, code and name (in no particular order). */
    async codes(
      companyId: number,
      modelId: number,
      tx: Executor = db,
    ): Promise<{ id: number; code: string; name: string }[]> {
      return tx
        .select({ id: activities.id, code: activities.code, name: activities.name })
        .from(activities)
        .where(and(eq(activities.companyId, companyId), eq(activities.modelId, modelId)));
    },

    async delete(companyId: number, id: number, tx: Executor = db): Promise<boolean> {
      // report_lines_parent_fk is ON DELETE SET NULL over (company_id, parent_id), which would
      // null company_id too: child lines of the lines about to go are detached first.
      await tx.execute(sql`
        update report_lines set parent_id = null
        where company_id = ${companyId} and parent_id in (
          select id from report_lines where company_id = ${companyId} and activity_id = ${id})`);
      const rows = await tx
        .delete(activities)
        .where(and(eq(activities.companyId, companyId), eq(activities.id, id)))
        .returning({ id: activities.id });
      return rows.length === 1;
    },
  };
}
