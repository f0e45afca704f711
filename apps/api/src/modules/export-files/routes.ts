import { Readable } from "node:stream";
import { type ExportFile, ExportFilePage, ExportFilesQuery } from "@costflow/contract/export-files";
import type { ExportFileView } from "@costflow/db/repositories/export-files";
import { stringify } from "csv-stringify/sync";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";
import { isoOrNull, toPage } from "../../lib/pagination.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { neutraliseCell } from "../../lib/spreadsheet-cells.ts";
import { authOf, tenantOf } from "../../plugins/access.ts";
import { dataRepos, otherModel, pageOf, requireScenario } from "../cost/data-scope.ts";

const CHUNK = 10_000;

function toExportFile(row: ExportFileView): ExportFile {
  return {
    id: row.id,
    scenario: row.scenarioId,
    kind: row.kind,
    title: row.title,
    status: row.status as ExportFile["status"],
    file_name: row.fileName,
    requested_at: row.requestedAt.toISOString(),
    requested_by: row.requestedByName,
    finished_at: isoOrNull(row.finishedAt),
  };
}

/**
 * export/files/: with `data_type=RECORDS_ONLY_CALCULATED&driver`, a CSV download of one calculated
 * driver's value per record (latest finished run), streamed a chunk at a time and listed in the
 * scenario's downloads; without data_type, that list.
 */
export function exportFileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const repos = dataRepos(ctx);

    app.get(
      "/export/files",
      {
        config: { access: { action: "read", subject: "Data" } },
        schema: {
          tags: ["export files"],
          summary:
            "A calculated driver's values as CSV (data_type=RECORDS_ONLY_CALCULATED&driver), or the downloads list",
          security: bearer,
          querystring: ExportFilesQuery,
          response: { 200: ExportFilePage, ...errorResponses },
        },
      },
      async (request, reply) => {
        const companyId = tenantOf(request);
        const { scenario: scenarioId, data_type, driver: driverId } = request.query;
        const scenario = await requireScenario(ctx, companyId, scenarioId);
        if (data_type === undefined) {
          const page = pageOf(request.query);
          return toPage(
            request,
            await repos.exportFiles.list(companyId, scenario.id, page),
            page,
            toExportFile,
          );
        }
        if (driverId === undefined) throw fieldError("VALIDATION_ERROR", "driver", "required");
        const driver = await repos.calculatedDrivers.find(companyId, driverId);
        if (!driver) throw notFound("driver");
        if (driver.modelId !== scenario.modelId) throw otherModel("driver");
        const calculationId = await repos.calculatedDrivers.latestFinished(companyId, scenario.id);
        if (calculationId === undefined) throw fieldError("NOT_FOUND", "calculation", "no_calculation");

        const fileName = `${scenario.name}-${driver.dimensionName}-${driver.name}.csv`.replace(
          /[^\w.-]+/g,
          "_",
        );
        await repos.exportFiles.create(companyId, {
          scenarioId: scenario.id,
          modelId: scenario.modelId,
          kind: data_type,
          title: driver.name,
          status: "FINISHED",
          fileName,
          contentType: "text/csv",
          options: { driver: driver.id, calculation: calculationId },
          requestedBy: authOf(request).user.id,
          finishedAt: new Date(),
        });
        async function* rows() {
          // Opened in a spreadsheet: formula-looking text is neutralised (lib/spreadsheet-cells.ts).
          yield `\uFEFF${stringify([["identifier", neutraliseCell(driver!.name)]])}`;
          let after: number | undefined;
          for (;;) {
            const chunk = await repos.calculatedDrivers.recordValues(companyId, calculationId!, driver!.id, {
              limit: CHUNK,
              after,
            });
            if (chunk.length === 0) return;
            yield stringify(chunk.map((r) => [neutraliseCell(r.identifier), r.value]));
            after = chunk[chunk.length - 1]!.record;
            if (chunk.length < CHUNK) return;
          }
        }
        return (
          reply
            .header("content-type", "text/csv; charset=utf-8")
            .header("content-disposition", `attachment; filename="${fileName}"`)
            // A stream bypasses the response schema (which describes the list form of this call).
            .send(Readable.from(rows()) as never)
        );
      },
    );
  };
}
