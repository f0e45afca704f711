import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import { dimensionDrivers } from "../../schema/model-master-data.ts";
import { orderBy, type PageRequest, type PageResult } from "../paging.ts";

// The drivers of a dimension (its records' columns) as rows: read, listed, created.

export type DimensionDriver = typeof dimensionDrivers.$inferSelect;

export function driverRowsRepository(db: Database) {
  async function find(
    companyId: number,
    id: number,
    tx: Executor = db,
  ): Promise<DimensionDriver | undefined> {
    const [row] = await tx
      .select()
      .from(dimensionDrivers)
      .where(and(eq(dimensionDrivers.companyId, companyId), eq(dimensionDrivers.id, id)));
    return row;
  }
  return {
    find,

    async list(
      companyId: number,
      dimensionId: number,
      filter: { dataType?: string | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<DimensionDriver>> {
      const conditions: SQL[] = [
        eq(dimensionDrivers.companyId, companyId),
        eq(dimensionDrivers.dimensionId, dimensionId),
      ];
      if (filter.dataType) conditions.push(eq(dimensionDrivers.dataType, filter.dataType));
      const where = and(...conditions);
      const rows = await tx
        .select()
        .from(dimensionDrivers)
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              name: dimensionDrivers.name,
              data_type: dimensionDrivers.dataType,
              position: dimensionDrivers.position,
              id: dimensionDrivers.id,
            },
            "position",
            dimensionDrivers.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return { rows, count: await tx.$count(dimensionDrivers, where) };
    },

    /** Every driver of the given dimensions, in position order. */
    async ofDimensions(
      companyId: number,
      dimensionIds: number[],
      tx: Executor = db,
    ): Promise<DimensionDriver[]> {
      if (dimensionIds.length === 0) return [];
      return tx
        .select()
        .from(dimensionDrivers)
        .where(
          and(eq(dimensionDrivers.companyId, companyId), inArray(dimensionDrivers.dimensionId, dimensionIds)),
        )
        .orderBy(dimensionDrivers.position, dimensionDrivers.id);
    },

    /** Relationship drivers (of any dimension) whose values name records of `dimensionId`. */
    async targeting(companyId: number, dimensionId: number, tx: Executor = db): Promise<DimensionDriver[]> {
      return tx
        .select()
        .from(dimensionDrivers)
        .where(
          and(eq(dimensionDrivers.companyId, companyId), eq(dimensionDrivers.targetDimensionId, dimensionId)),
        );
    },

    async findByName(
      companyId: number,
      dimensionId: number,
      name: string,
      tx: Executor = db,
    ): Promise<DimensionDriver | undefined> {
      const [row] = await tx
        .select()
        .from(dimensionDrivers)
        .where(
          and(
            eq(dimensionDrivers.companyId, companyId),
            eq(dimensionDrivers.dimensionId, dimensionId),
            eq(dimensionDrivers.name, name),
          ),
        );
      return row;
    },

    async create(
      companyId: number,
      driver: {
        dimensionId: number;
        name: string;
        dataType: string;
        targetDimensionId: number | null;
        label: string | null;
        isPnlLine: boolean;
        position?: number | undefined;
      },
      tx: Executor = db,
    ): Promise<DimensionDriver> {
      const position =
        driver.position ??
        (
          await tx
            .select({ next: sql<number>`coalesce(max(${dimensionDrivers.position}) + 1, 0)::int` })
            .from(dimensionDrivers)
            .where(
              and(
                eq(dimensionDrivers.companyId, companyId),
                eq(dimensionDrivers.dimensionId, driver.dimensionId),
              ),
            )
        )[0]!.next;
      const [row] = await tx
        .insert(dimensionDrivers)
        .values({ ...driver, position, companyId })
        .returning();
      return row!;
    },
  };
}
