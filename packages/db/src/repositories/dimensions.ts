import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { dimensionRecordCounts } from "../schema/dimension-record-counts.ts";
import { dimensions } from "../schema/model-master-data.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type Dimension = typeof dimensions.$inferSelect;

/** Dimensions of a model, with their parent dimension (pid). */
export function dimensionsRepository(db: Database) {
  const namesQuery = () =>
    db
      .select({ id: dimensions.id, name: dimensions.name })
      .from(dimensions)
      .where(
        and(
          eq(dimensions.companyId, sql.placeholder("companyId")),
          sql`${dimensions.id} = any(${sql.placeholder("ids")}::int[])`,
        ),
      )
      .prepare("costflow_dimension_names");
  let preparedNames: ReturnType<typeof namesQuery> | undefined;
  async function find(companyId: number, id: number, tx: Executor = db): Promise<Dimension | undefined> {
    const [row] = await tx
      .select()
      .from(dimensions)
      .where(and(eq(dimensions.companyId, companyId), eq(dimensions.id, id)));
    return row;
  }

  return {
    find,

    async list(
      companyId: number,
      modelId: number,
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<Dimension>> {
      const where = and(eq(dimensions.companyId, companyId), eq(dimensions.modelId, modelId));
      const rows = await tx
        .select()
        .from(dimensions)
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            { title: dimensions.name, code: dimensions.code, id: dimensions.id },
            "id",
            dimensions.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return { rows, count: await tx.$count(dimensions, where) };
    },

    /** Every dimension of the model, oldest first. */
    async all(companyId: number, modelId: number, tx: Executor = db): Promise<Dimension[]> {
      return tx
        .select()
        .from(dimensions)
        .where(and(eq(dimensions.companyId, companyId), eq(dimensions.modelId, modelId)))
        .orderBy(dimensions.id);
    },

    /** Every dimension of the model, its id and name only, oldest first. */
    async namesInModel(
      companyId: number,
      modelId: number,
      tx: Executor = db,
    ): Promise<{ id: number; name: string }[]> {
      return tx
        .select({ id: dimensions.id, name: dimensions.name })
        .from(dimensions)
        .where(and(eq(dimensions.companyId, companyId), eq(dimensions.modelId, modelId)))
        .orderBy(asc(dimensions.id));
    },

    /** Records per dimension in a scenario (kept by triggers; see dimension_record_counts). */
    async recordCounts(
      companyId: number,
      scenarioId: number,
      tx: Executor = db,
    ): Promise<Map<number, number>> {
      const rows = await tx
        .select({ dimensionId: dimensionRecordCounts.dimensionId, records: dimensionRecordCounts.records })
        .from(dimensionRecordCounts)
        .where(
          and(
            eq(dimensionRecordCounts.companyId, companyId),
            eq(dimensionRecordCounts.scenarioId, scenarioId),
          ),
        );
      return new Map(rows.map((r) => [r.dimensionId, Number(r.records)]));
    },

    async create(
      companyId: number,
      dimension: { modelId: number; code: string; name: string; parentId: number | null },
      tx: Executor = db,
    ): Promise<Dimension> {
      const [row] = await tx
        .insert(dimensions)
        .values({ ...dimension, companyId })
        .returning();
      return row!;
    },

    async update(
      companyId: number,
      id: number,
      changes: Partial<Pick<Dimension, "code" | "name" | "parentId">>,
      tx: Executor = db,
    ): Promise<Dimension | undefined> {
      if (Object.keys(changes).length === 0) return find(companyId, id, tx);
      const [row] = await tx
        .update(dimensions)
        .set(changes)
        .where(and(eq(dimensions.companyId, companyId), eq(dimensions.id, id)))
        .returning();
      return row;
    },

    /**
     * Deletes the dimension with its drivers, records, calculated drivers and rules (cascades).
     * Run it in a transaction: references that must survive are cleared first (see below).
     */
    async delete(companyId: number, id: number, tx: Executor = db): Promise<boolean> {
      // Several foreign keys of the schema are ON DELETE SET NULL over (company_id, column),
      // which would null company_id as well and fail: those columns are cleared by hand first.
      await tx
        .update(dimensions)
        .set({ parentId: null })
        .where(and(eq(dimensions.companyId, companyId), eq(dimensions.parentId, id)));
      await tx.execute(sql`update report_lines set dimension_id = null
        where company_id = ${companyId} and dimension_id = ${id}`);
      await clearDriverReferences(
        companyId,
        sql`(select id from dimension_drivers
        where company_id = ${companyId} and (dimension_id = ${id} or target_dimension_id = ${id}))`,
        tx,
      );
      const rows = await tx
        .delete(dimensions)
        .where(and(eq(dimensions.companyId, companyId), eq(dimensions.id, id)))
        .returning({ id: dimensions.id });
      return rows.length === 1;
    },

    /**
     * Names of the company's dimensions among `ids` (nulls and repeats ignored), one prepared
     * statement: result pages name the dimension of each of their rows.
     */
    async names(companyId: number, ids: readonly (number | null)[]): Promise<Map<number, string>> {
      const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
      if (!wanted.length) return new Map();
      preparedNames ??= namesQuery();
      const rows = await preparedNames.execute({ companyId, ids: `{${wanted.join(",")}}` });
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** A dimension of the company by id: its id, name and model (undefined when not the company's). */
    async findWithModel(
      companyId: number,
      id: number,
      tx: Executor = db,
    ): Promise<{ id: number; name: string; modelId: number } | undefined> {
      const [row] = await tx
        .select({ id: dimensions.id, name: dimensions.name, modelId: dimensions.modelId })
        .from(dimensions)
        .where(and(eq(dimensions.companyId, companyId), eq(dimensions.id, id)));
      return row;
    },

    /** Ids of the given dimensions that belong to the company and model. */
    async idsInModel(
      companyId: number,
      modelId: number,
      ids: number[],
      tx: Executor = db,
    ): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await tx
        .select({ id: dimensions.id })
        .from(dimensions)
        .where(
          and(
            eq(dimensions.companyId, companyId),
            eq(dimensions.modelId, modelId),
            inArray(dimensions.id, ids),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },
  };
}

/**
 * Rules of steps 4 to 6 may name a dimension driver as their split driver, through foreign keys
 * that are ON DELETE SET NULL over (company_id, allocation_driver_id); before such drivers are
 * deleted the references are cleared here, keeping company_id.
 */
export async function clearDriverReferences(
  companyId: number,
  driverIds: ReturnType<typeof sql>,
  tx: Executor,
) {
  for (const table of ["activity_allocations", "dimension_allocations", "calculated_driver_allocations"]) {
    await tx.execute(sql`update ${sql.identifier(table)} set allocation_driver_id = null
      where company_id = ${companyId} and allocation_driver_id in ${driverIds}`);
  }
}
