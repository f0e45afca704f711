import type { Run } from "@costflow/db/repositories/bi-export";
import { toMajor } from "@costflow/engine/calc/decimal";
import type { AppContext } from "../../context.ts";
import { stepCategory } from "../calculation/categories.ts";
import type { StarSource, StarTable } from "./bi-star-columns.ts";
import {
  dimAccount,
  dimActivity,
  dimDimension,
  dimPnlLine,
  dimPool,
  dimRecord,
  dimRecordDriver,
} from "./bi-star-dimensions.ts";
import { factFlow, factPnlLine, factRecord, factRecordCost, factUnallocated } from "./bi-star-facts.ts";

export type { StarChunk, StarColumn, StarRow, StarTable, StarValue } from "./bi-star-columns.ts";

// The BI template (docs/exports.md, "BI template"): a star schema of a scenario's finished
// calculation. Dimension tables (dim_*, bi-star-dimensions.ts) carry the stable keys (database
// ids, the same in every export of the scenario); fact tables (fact_*, bi-star-facts.ts) carry the
// amounts, in major units of the scenario's currency. Each table is described column by column,
// and that description is the archive's README.

export interface StarSchema {
  tables: StarTable[];
  currency: string;
  minorDigits: number;
  glTotal: number;
  calculationId: number;
  reportCalculationId: number | null;
}

/** The run the export reads: the latest finished run that reached the furthest step (5 down to 1). */
export async function biRuns(
  ctx: AppContext,
  companyId: number,
  scenarioId: number,
): Promise<{ calculationId: number; reportCalculationId: number | null } | null> {
  const calculations = ctx.repos.calculations;
  let calculationId: number | null = null;
  for (const step of [5, 4, 3, 2, 1]) {
    const row = await calculations.latestFinished(companyId, scenarioId, stepCategory(step));
    if (row) {
      calculationId = row.parentId ?? row.id;
      break;
    }
  }
  if (calculationId === null) return null;
  const reports = await calculations.latestFinished(companyId, scenarioId, "REPORTS");
  return { calculationId, reportCalculationId: reports ? (reports.parentId ?? reports.id) : null };
}

/** The star schema of the scenario's finished calculation; null when there is none. */
export async function biStarSchema(
  ctx: AppContext,
  companyId: number,
  scenario: { id: number; modelId: number },
): Promise<StarSchema | null> {
  const runs = await biRuns(ctx, companyId, scenario.id);
  if (!runs) return null;
  const meta = await ctx.repos.results.meta(companyId, runs.calculationId);
  if (!meta) return null;
  const source = starSource(ctx, companyId, scenario, runs, meta.minorDigits);
  const tables: StarTable[] = [
    dimAccount(source),
    dimPool(source),
    dimActivity(source),
    dimDimension(source),
    dimPnlLine(source),
    dimRecord(source),
    dimRecordDriver(source),
    factFlow(source),
    factUnallocated(source),
    factRecordCost(source),
    factRecord(source),
    factPnlLine(source),
  ];

  return {
    tables,
    currency: meta.currency,
    minorDigits: meta.minorDigits,
    glTotal: source.major(meta.glTotal),
    calculationId: runs.calculationId,
    reportCalculationId: runs.reportCalculationId,
  };
}

function starSource(
  ctx: AppContext,
  companyId: number,
  scenario: { id: number; modelId: number },
  runs: { calculationId: number; reportCalculationId: number | null },
  digits: number,
): StarSource {
  const repo = ctx.repos.biExport;
  const run: Run = { companyId, calculationId: runs.calculationId };
  const major = (minor: number) => toMajor(minor, digits);
  const { modelId } = scenario;
  const scenarioId = scenario.id;
  const reportRun: Run | null =
    runs.reportCalculationId === null ? null : { companyId, calculationId: runs.reportCalculationId };

  const dimensionKey = (id: string | number) => Number(id);
  let runDimensions: Promise<{ dimensionId: number; records: number }[]> | undefined;
  const dimensionsOfRun = () => {
    runDimensions ??= repo.runDimensions(run);
    return runDimensions;
  };
  let lineIds: Promise<Map<string, number>> | undefined;
  const lineIdByCode = () => {
    lineIds ??= repo
      .pnlLines(companyId, modelId)
      .then((rows) => new Map(rows.map((r) => [r[1] as string, r[0] as number])));
    return lineIds;
  };

  return {
    repo,
    run,
    reportRun,
    companyId,
    modelId,
    scenarioId,
    major,
    digits,
    dimensionKey,
    dimensionsOfRun,
    lineIdByCode,
  };
}
