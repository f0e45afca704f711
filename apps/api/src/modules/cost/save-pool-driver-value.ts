import type {
  BulkPoolDriverValues,
  BulkPoolDriverValuesResult,
  PoolDriverValue,
  SavePoolDriverValue,
} from "@costflow/contract/cost";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { otherModel, requireScenario } from "../../lib/data-scope.ts";
import { toPoolDriverValue } from "./cost-views.ts";

/** The driver and pool of a value, checked to be of the scenario's model. */
async function checkValueKey(
  ctx: AppContext,
  companyId: number,
  modelId: number,
  key: { driver: number; pool: number },
  at = "",
) {
  const driver = await ctx.repos.poolDrivers.find(companyId, key.driver);
  if (!driver) throw notFound(`${at}driver`);
  if (driver.modelId !== modelId) throw otherModel(`${at}driver`);
  const pool = await ctx.repos.pools.find(companyId, key.pool);
  if (!pool) throw notFound(`${at}pool`);
  if (pool.modelId !== modelId) throw otherModel(`${at}pool`);
}

/** Sets a driver's value for a pool in a scenario: `created` when it had none. */
export async function savePoolDriverValue(
  ctx: AppContext,
  companyId: number,
  input: z.output<typeof SavePoolDriverValue>,
): Promise<{ value: PoolDriverValue; created: boolean }> {
  const scenario = await requireScenario(ctx, companyId, input.scenario);
  await checkValueKey(ctx, companyId, scenario.modelId, input);
  const { value, created } = await ctx.repos.poolDrivers.upsertValue(companyId, {
    scenarioId: scenario.id,
    driverId: input.driver,
    poolId: input.pool,
    value: input.value,
  });
  return { value: toPoolDriverValue(value), created };
}

/** Sets many driver values of a scenario at once (null removes one), all or nothing. */
export async function savePoolDriverValues(
  ctx: AppContext,
  companyId: number,
  input: z.output<typeof BulkPoolDriverValues>,
): Promise<z.output<typeof BulkPoolDriverValuesResult>> {
  const scenario = await requireScenario(ctx, companyId, input.scenario);
  const values = input.values;
  for (const [index, v] of values.entries()) {
    await checkValueKey(ctx, companyId, scenario.modelId, v, `values.${index}.`);
  }
  return ctx.db.transaction(async (tx) => {
    const results = [];
    let deleted = 0;
    for (const v of values) {
      const key = { scenarioId: scenario.id, driverId: v.driver, poolId: v.pool };
      if (v.value === null) {
        if (await ctx.repos.poolDrivers.deleteValueOf(companyId, key, tx)) deleted++;
      } else {
        const saved = await ctx.repos.poolDrivers.upsertValue(companyId, { ...key, value: v.value }, tx);
        results.push(toPoolDriverValue(saved.value));
      }
    }
    return { saved: results.length, deleted, results };
  });
}
