import { stringify } from "csv-stringify/sync";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";
import { otherModel } from "../../lib/data-scope.ts";
import { neutraliseCell } from "../../lib/spreadsheet-cells.ts";
import { writeChunk } from "../../lib/write-chunk.ts";
import { ExportRefused, type ExportWriter } from "./export-writer.ts";

const CHUNK = 10_000;

/**
 * RECORDS_ONLY_CALCULATED (docs/exports.md, "Calls"): one calculated driver's value per record from
 * the scenario's latest finished calculation, `identifier,<driver name>`. Checked when requested;
 * answers what the file needs.
 */
export async function resolveCalculatedDriver(
  ctx: AppContext,
  companyId: number,
  scenario: { id: number; modelId: number; name: string },
  driverId: number | undefined,
) {
  if (driverId === undefined) throw fieldError("VALIDATION_ERROR", "driver", "required");
  const repos = ctx.repos;
  const driver = await repos.calculatedDrivers.find(companyId, driverId);
  if (!driver) throw notFound("driver");
  if (driver.modelId !== scenario.modelId) throw otherModel("driver");
  const calculationId = await repos.calculatedDrivers.latestFinished(companyId, scenario.id);
  if (calculationId === undefined) throw fieldError("NOT_FOUND", "calculation", "no_calculation");
  const fileName = `${scenario.name}-${driver.dimensionName}-${driver.name}.csv`.replace(/[^\w.-]+/g, "_");
  return { driver, calculationId, fileName };
}

/** The CSV's text, a chunk of records at a time (keyset on the record), never the whole file in memory. */
export async function* calculatedDriverCsv(
  ctx: AppContext,
  companyId: number,
  calculationId: number,
  driver: { id: number; name: string },
): AsyncGenerator<string> {
  const repos = ctx.repos;
  // Opened in a spreadsheet: formula-looking text is neutralised (lib/spreadsheet-cells.ts).
  yield `\uFEFF${stringify([["identifier", neutraliseCell(driver.name)]])}`;
  let after: number | undefined;
  for (;;) {
    const chunk = await repos.calculatedDrivers.recordValues(companyId, calculationId, driver.id, {
      limit: CHUNK,
      after,
    });
    if (chunk.length === 0) return;
    yield stringify(chunk.map((r) => [neutraliseCell(r.identifier), r.value]));
    after = chunk[chunk.length - 1]!.record;
    if (chunk.length < CHUNK) return;
  }
}

/** The pipeline's writer of RECORDS_ONLY_CALCULATED (options: driver, calculation). */
export const writeRecordsOnlyCalculated: ExportWriter = async (ctx, file, out, progress) => {
  const driverId = Number(file.options.driver);
  const calculationId = Number(file.options.calculation);
  const driver = await ctx.repos.calculatedDrivers.find(file.companyId, driverId);
  if (!driver) throw new ExportRefused("no_calculation");
  let chunks = 0;
  for await (const text of calculatedDriverCsv(ctx, file.companyId, calculationId, driver)) {
    await writeChunk(out, text);
    // The number of records is not known up front: progress creeps towards 1.
    await progress(1 - 1 / (2 + chunks++));
  }
};
