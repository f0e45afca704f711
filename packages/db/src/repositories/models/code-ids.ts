import { and, eq } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../../client.ts";
import {
  activities,
  calculatedDrivers,
  costPools,
  dimensions,
  financialAccounts,
} from "../../schema/model-master-data.ts";
import { scenarios } from "../../schema/models.ts";

/** The database ids of a model's master data by code (to link result rows). */
export interface ModelCodeIds {
  accounts: Record<string, number>;
  pools: Record<string, number>;
  activities: Record<string, number>;
  dimensions: Record<string, number>;
  /** By `<dimension code>\u0000<name>`. */
  calculatedDrivers: Record<string, number>;
}

export function modelCodeIdsRepository(db: Database) {
  return {
    /**
     * The database ids of the scenario's model's master data by code (to link result rows); all
     * empty when the scenario is not the company's.
     */
    async codeIds(companyId: number, scenarioId: number, tx: Executor = db): Promise<ModelCodeIds> {
      const [scenario] = await tx
        .select({ modelId: scenarios.modelId })
        .from(scenarios)
        .where(and(eq(scenarios.companyId, companyId), eq(scenarios.id, scenarioId)));
      const ids: ModelCodeIds = {
        accounts: {},
        pools: {},
        activities: {},
        dimensions: {},
        calculatedDrivers: {},
      };
      if (!scenario) return ids;
      const where = (t: { companyId: AnyPgColumn; modelId: AnyPgColumn }) =>
        and(eq(t.companyId, companyId), eq(t.modelId, scenario.modelId));
      const byCode = (rows: { code: string; id: number }[]) =>
        Object.fromEntries(rows.map((r) => [r.code, r.id]));
      ids.accounts = byCode(
        await tx
          .select({ code: financialAccounts.code, id: financialAccounts.id })
          .from(financialAccounts)
          .where(where(financialAccounts)),
      );
      ids.pools = byCode(
        await tx.select({ code: costPools.code, id: costPools.id }).from(costPools).where(where(costPools)),
      );
      ids.activities = byCode(
        await tx
          .select({ code: activities.code, id: activities.id })
          .from(activities)
          .where(where(activities)),
      );
      const dims = await tx
        .select({ code: dimensions.code, id: dimensions.id })
        .from(dimensions)
        .where(where(dimensions));
      ids.dimensions = byCode(dims);
      const codeOf = new Map(dims.map((d) => [d.id, d.code]));
      const drivers = await tx
        .select({
          id: calculatedDrivers.id,
          name: calculatedDrivers.name,
          dimensionId: calculatedDrivers.dimensionId,
        })
        .from(calculatedDrivers)
        .where(where(calculatedDrivers));
      for (const d of drivers)
        ids.calculatedDrivers[`${codeOf.get(d.dimensionId) ?? ""}\u0000${d.name}`] = d.id;
      return ids;
    },
  };
}
