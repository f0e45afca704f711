import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import { dimensionRecords } from "../../schema/scenario-data.ts";

// Single records of a dimension (the spec's dimension records and transactions, one store): read
// by id or identifier, created, changed, deleted, and the relationship references renamed with a
// parent.

export type DimensionRecord = typeof dimensionRecords.$inferSelect;
export type FieldValues = Record<string, string | number | null>;

/** The records of one dimension of a scenario (the company's), and `more` conditions. */
export const inDimension = (
  companyId: number,
  scenarioId: number,
  dimensionId: number,
  ...more: (SQL | undefined)[]
) =>
  and(
    eq(dimensionRecords.companyId, companyId),
    eq(dimensionRecords.scenarioId, scenarioId),
    eq(dimensionRecords.dimensionId, dimensionId),
    ...more,
  );

export function recordRowsRepository(db: Database) {
  async function find(
    companyId: number,
    id: number,
    tx: Executor = db,
  ): Promise<DimensionRecord | undefined> {
    const [row] = await tx
      .select()
      .from(dimensionRecords)
      .where(and(eq(dimensionRecords.companyId, companyId), eq(dimensionRecords.id, id)));
    return row;
  }

  return {
    find,

    async findByIdentifier(
      companyId: number,
      scenarioId: number,
      dimensionId: number,
      identifier: string,
      tx: Executor = db,
    ): Promise<DimensionRecord | undefined> {
      const [row] = await tx
        .select()
        .from(dimensionRecords)
        .where(inDimension(companyId, scenarioId, dimensionId, eq(dimensionRecords.identifier, identifier)));
      return row;
    },

    /** The identifier of a record of the dimension in the scenario by its id (undefined when not one). */
    async identifierOf(
      companyId: number,
      scenarioId: number,
      dimensionId: number,
      id: number,
      tx: Executor = db,
    ): Promise<string | undefined> {
      const [row] = await tx
        .select({ identifier: dimensionRecords.identifier })
        .from(dimensionRecords)
        .where(inDimension(companyId, scenarioId, dimensionId, eq(dimensionRecords.id, id)));
      return row?.identifier;
    },

    /** Which of `identifiers` are records of the dimension in the scenario (relationship checks). */
    async existingIdentifiers(
      companyId: number,
      scenarioId: number,
      dimensionId: number,
      identifiers: string[],
      tx: Executor = db,
    ): Promise<Set<string>> {
      if (identifiers.length === 0) return new Set();
      const rows = await tx
        .select({ identifier: dimensionRecords.identifier })
        .from(dimensionRecords)
        .where(
          inDimension(companyId, scenarioId, dimensionId, inArray(dimensionRecords.identifier, identifiers)),
        );
      return new Set(rows.map((r) => r.identifier));
    },

    async create(
      companyId: number,
      record: { scenarioId: number; dimensionId: number; identifier: string; fields: FieldValues },
      tx: Executor = db,
    ): Promise<DimensionRecord> {
      const [row] = await tx
        .insert(dimensionRecords)
        .values({ ...record, companyId })
        .returning();
      return row!;
    },

    /** Sets the given fields (null values remove theirs) and, optionally, a new identifier. */
    async update(
      companyId: number,
      id: number,
      changes: { identifier?: string | undefined; set: FieldValues; remove: string[] },
      tx: Executor = db,
    ): Promise<DimensionRecord | undefined> {
      let kept: SQL = sql`${dimensionRecords.fields}`;
      for (const name of changes.remove) kept = sql`(${kept} - ${name}::text)`;
      const [row] = await tx
        .update(dimensionRecords)
        .set({
          ...(changes.identifier !== undefined ? { identifier: changes.identifier } : {}),
          fields: sql`${kept} || ${JSON.stringify(changes.set)}::jsonb`,
        })
        .where(and(eq(dimensionRecords.companyId, companyId), eq(dimensionRecords.id, id)))
        .returning();
      return row;
    },

    /**
     * A parent record was renamed: child records pointing at `from` through the relationship
     * driver `driverName` of dimension `dimensionId` now point at `to`.
     */
    async renameReferences(
      companyId: number,
      scenarioId: number,
      child: { dimensionId: number; driverName: string },
      from: string,
      to: string,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(dimensionRecords)
        .set({
          fields: sql`${dimensionRecords.fields} || jsonb_build_object(${child.driverName}::text, ${to}::text)`,
        })
        .where(
          and(
            eq(dimensionRecords.companyId, companyId),
            eq(dimensionRecords.scenarioId, scenarioId),
            eq(dimensionRecords.dimensionId, child.dimensionId),
            sql`${dimensionRecords.fields} ->> ${child.driverName}::text = ${from}::text`,
          ),
        );
    },

    async delete(companyId: number, id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(dimensionRecords)
        .where(and(eq(dimensionRecords.companyId, companyId), eq(dimensionRecords.id, id)))
        .returning({ id: dimensionRecords.id });
      return rows.length === 1;
    },
  };
}
