import type { Executor } from "@costflow/db/client";
import {
  activities,
  calculatedDrivers,
  costPools,
  dimensions,
  financialAccounts,
} from "@costflow/db/schema/model-master-data";
import { scenarios } from "@costflow/db/schema/models";
import { and, eq } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { CodeIds } from "../../worker/run-plan.ts";

/** The database ids of the scenario's model's master data by code (to link result rows). */
export async function readCodeIds(db: Executor, companyId: number, scenarioId: number): Promise<CodeIds> {
  const [scenario] = await db
    .select({ modelId: scenarios.modelId })
    .from(scenarios)
    .where(and(eq(scenarios.companyId, companyId), eq(scenarios.id, scenarioId)));
  const ids: CodeIds = { accounts: {}, pools: {}, activities: {}, dimensions: {}, calculatedDrivers: {} };
  if (!scenario) return ids;
  const where = (t: { companyId: AnyPgColumn; modelId: AnyPgColumn }) =>
    and(eq(t.companyId, companyId), eq(t.modelId, scenario.modelId));
  const byCode = (rows: { code: string; id: number }[]) =>
    Object.fromEntries(rows.map((r) => [r.code, r.id]));
  ids.accounts = byCode(
    await db
      .select({ code: financialAccounts.code, id: financialAccounts.id })
      .from(financialAccounts)
      .where(where(financialAccounts)),
  );
  ids.pools = byCode(
    await db.select({ code: costPools.code, id: costPools.id }).from(costPools).where(where(costPools)),
  );
  ids.activities = byCode(
    await db.select({ code: activities.code, id: activities.id }).from(activities).where(where(activities)),
  );
  const dims = await db
    .select({ code: dimensions.code, id: dimensions.id })
    .from(dimensions)
    .where(where(dimensions));
  ids.dimensions = byCode(dims);
  const codeOf = new Map(dims.map((d) => [d.id, d.code]));
  const drivers = await db
    .select({
      id: calculatedDrivers.id,
      name: calculatedDrivers.name,
      dimensionId: calculatedDrivers.dimensionId,
    })
    .from(calculatedDrivers)
    .where(where(calculatedDrivers));
  for (const d of drivers) ids.calculatedDrivers[`${codeOf.get(d.dimensionId) ?? ""}\u0000${d.name}`] = d.id;
  return ids;
}
