import { and, asc, eq } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import {
  costPoolDrivers,
  costPools,
  dimensionDrivers,
  dimensions,
  financialAccounts,
} from "../../schema/model-master-data.ts";
import { dimensionRecords } from "../../schema/scenario-data.ts";

// What a file is checked against: the model's dimensions and their drivers, and a few rows of the
// model's data for the example rows of the software wizard's file list.

export function uploadLookupsRepository(db: Database) {
  return {
    async findDimension(companyId: number, modelId: number, dimensionId: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(dimensions)
        .where(
          and(
            eq(dimensions.companyId, companyId),
            eq(dimensions.modelId, modelId),
            eq(dimensions.id, dimensionId),
          ),
        );
      return row;
    },

    async listDimensions(companyId: number, modelId: number, tx: Executor = db) {
      return tx
        .select()
        .from(dimensions)
        .where(and(eq(dimensions.companyId, companyId), eq(dimensions.modelId, modelId)))
        .orderBy(asc(dimensions.code));
    },

    /** The dimension's drivers in column order, with the code of a relationship's target. */
    async listDimensionDrivers(companyId: number, dimensionId: number, tx: Executor = db) {
      const rows = await tx
        .select({ driver: dimensionDrivers, targetCode: dimensions.code })
        .from(dimensionDrivers)
        .leftJoin(
          dimensions,
          and(
            eq(dimensions.companyId, dimensionDrivers.companyId),
            eq(dimensions.id, dimensionDrivers.targetDimensionId),
          ),
        )
        .where(and(eq(dimensionDrivers.companyId, companyId), eq(dimensionDrivers.dimensionId, dimensionId)))
        .orderBy(asc(dimensionDrivers.position), asc(dimensionDrivers.id));
      return rows.map((r) => ({ ...r.driver, targetCode: r.targetCode }));
    },

    /** A few rows of the model's data, for the example rows of the software wizard's file list. */
    async samples(companyId: number, modelId: number, tx: Executor = db) {
      const [account] = await tx
        .select()
        .from(financialAccounts)
        .where(and(eq(financialAccounts.companyId, companyId), eq(financialAccounts.modelId, modelId)))
        .orderBy(asc(financialAccounts.code))
        .limit(1);
      const [pool] = await tx
        .select()
        .from(costPools)
        .where(and(eq(costPools.companyId, companyId), eq(costPools.modelId, modelId)))
        .orderBy(asc(costPools.code))
        .limit(1);
      const [driver] = await tx
        .select()
        .from(costPoolDrivers)
        .where(and(eq(costPoolDrivers.companyId, companyId), eq(costPoolDrivers.modelId, modelId)))
        .orderBy(asc(costPoolDrivers.name))
        .limit(1);
      return { account, pool, driver };
    },

    /** One record identifier of each of the dimensions (any scenario), for example rows. */
    async sampleIdentifiers(companyId: number, dimensionIds: number[], tx: Executor = db) {
      const out = new Map<number, string>();
      for (const dimensionId of dimensionIds) {
        const [row] = await tx
          .select({ identifier: dimensionRecords.identifier })
          .from(dimensionRecords)
          .where(
            and(eq(dimensionRecords.companyId, companyId), eq(dimensionRecords.dimensionId, dimensionId)),
          )
          .limit(1);
        if (row) out.set(dimensionId, row.identifier);
      }
      return out;
    },
  };
}
