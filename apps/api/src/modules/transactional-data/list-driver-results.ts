import type {
  BetaRecordResultItems,
  BetaRecordResultsQuery,
  BetaResultItems,
  BetaResultsQuery,
  ResultsSum,
  ResultsSumQuery,
} from "@costflow/contract/transactional-data";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";
import { otherModel, requireScenario } from "../../lib/data-scope.ts";

// The results of the scenario's latest finished calculated-drivers run.

/** The scenario's latest finished run, or 404 'No calculation found'. */
async function latestRun(ctx: AppContext, companyId: number, scenarioId: number): Promise<number> {
  const id = await ctx.repos.calculatedDrivers.latestFinished(companyId, scenarioId);
  if (id === undefined) throw fieldError("NOT_FOUND", "calculation", "no_calculation");
  return id;
}

/** Neumaier's compensated sum of a few totals. */
function sumOf(values: number[]): number {
  let sum = 0;
  let comp = 0;
  for (const v of values) {
    const t = sum + v;
    comp += Math.abs(sum) >= Math.abs(v) ? sum - t + v : v - t + sum;
    sum = t;
  }
  return sum + comp;
}

/** Each calculated driver's total over its records (optionally of one dimension). */
export async function listDriverResults(
  ctx: AppContext,
  companyId: number,
  query: z.output<typeof BetaResultsQuery>,
): Promise<z.output<typeof BetaResultItems>> {
  const { scenario: scenarioId, dimension, limit, offset } = query;
  const scenario = await requireScenario(ctx, companyId, scenarioId);
  const calculationId = await latestRun(ctx, companyId, scenario.id);
  const result = await ctx.repos.calculatedDrivers.totals(
    companyId,
    calculationId,
    { dimensionId: dimension },
    { limit, offset },
  );
  return {
    calculation_id: calculationId,
    count: result.count,
    items: result.rows.map((r) => ({
      calculated_driver_id: r.driverId,
      calculated_driver_name: r.driverName,
      dimension: r.dimensionId,
      dimension_name: r.dimensionName,
      sum_value: r.sumValue,
      records: r.records,
    })),
  };
}

/** A page of one calculated driver's values per record. */
export async function listDriverRecordResults(
  ctx: AppContext,
  companyId: number,
  query: z.output<typeof BetaRecordResultsQuery>,
): Promise<z.output<typeof BetaRecordResultItems>> {
  const { scenario: scenarioId, driver: driverId, limit, offset } = query;
  const scenario = await requireScenario(ctx, companyId, scenarioId);
  const driver = await ctx.repos.calculatedDrivers.find(companyId, driverId);
  if (!driver) throw notFound("driver");
  if (driver.modelId !== scenario.modelId) throw otherModel("driver");
  const calculationId = await latestRun(ctx, companyId, scenario.id);
  const [total] = (await ctx.repos.calculatedDrivers.totals(companyId, calculationId, { driverId }, null))
    .rows;
  const rows = await ctx.repos.calculatedDrivers.recordValues(companyId, calculationId, driverId, {
    limit,
    offset,
  });
  return { calculation_id: calculationId, count: total?.records ?? 0, items: rows };
}

/** The sum of the calculated drivers' totals (optionally of one dimension or driver). */
export async function sumDriverResults(
  ctx: AppContext,
  companyId: number,
  scenarioId: number,
  query: z.output<typeof ResultsSumQuery>,
): Promise<z.output<typeof ResultsSum>> {
  const scenario = await requireScenario(ctx, companyId, scenarioId);
  const calculationId = await latestRun(ctx, companyId, scenario.id);
  const { rows } = await ctx.repos.calculatedDrivers.totals(
    companyId,
    calculationId,
    { dimensionId: query.dimension, driverId: query.driver },
    null,
  );
  return {
    scenario: scenario.id,
    calculation_id: calculationId,
    sum_value: sumOf(rows.map((r) => r.sumValue)),
    drivers: rows.length,
  };
}
