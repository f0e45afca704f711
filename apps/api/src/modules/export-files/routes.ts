import { IdParams } from "@costflow/contract/account";
import {
  ExportFile,
  ExportFilePage,
  ExportFileRequest,
  ExportFilesQuery,
  TableExportQuery,
} from "@costflow/contract/export-files";
import type { Language } from "@costflow/contract/languages";
import { type MessageKey, serverMessage } from "@costflow/contract/server-messages";
import type { ExportFileView } from "@costflow/db/repositories/export-files";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { pageOf, requireScenario } from "../../lib/data-scope.ts";
import { languageFromHeader } from "../../lib/language.ts";
import { isoOrNull, toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { authOf, tenantOf } from "../../plugins/access.ts";
import { deleteExportFile, stopExportFile } from "./change-export-file.ts";
import { DIRECT_TABLE_MAX_ROWS } from "./export-settings.ts";
import { exportTableNow } from "./export-table-now.ts";
import { openExportDownload } from "./open-export-download.ts";
import { requestExport, TableCallRefused } from "./request-export.ts";
import { streamCalculatedDriverFile } from "./stream-calculated-driver-file.ts";
import { registerTableCaller } from "./table-export.ts";

function toExportFile(row: ExportFileView, language: Language): ExportFile {
  const status = row.status as ExportFile["status"];
  const params = (row.options as { error_params?: Record<string, string | number> }).error_params ?? {};
  return {
    id: row.id,
    scenario: row.scenarioId,
    kind: row.kind,
    title: row.title,
    status,
    progress: status === "PROCESSED" ? 1 : Number(row.progress),
    file_name: row.fileName,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    error: row.error,
    error_message: row.error
      ? serverMessage(language, `errors.export_file.${row.error}` as MessageKey, params)
      : null,
    requested_at: row.requestedAt.toISOString(),
    requested_by: row.requestedByName,
    finished_at: isoOrNull(row.finishedAt),
    download_url: status === "PROCESSED" && row.filePath ? `/api/v1/export/files/${row.id}/download/` : null,
    can_stop: status === "PROCESSING",
  };
}

/** `attachment` with an ASCII fallback name and the readable UTF-8 name (RFC 6266 / 5987). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const config = { access: { action: "read", subject: "Report" } } as const;
const tags = ["export files"];
const language = (request: { headers: Record<string, string | string[] | undefined> }) =>
  languageFromHeader(request.headers["accept-language"] as string | undefined);

/**
 * The file pipeline's calls (docs/exports.md): request a file, the scenario's downloads list, one
 * file, its download, stop, delete; a small table exported at once; and
 * `GET export/files/?scenario&data_type=RECORDS_ONLY_CALCULATED&driver` streaming its CSV.
 */
export function exportFileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerTableCaller(app);
    registerExportFileList(app, ctx);
    registerExportFileRequest(app, ctx);
    registerExportFileItem(app, ctx);
    registerExportFileChanges(app, ctx);
    registerTableExport(app);
  };
}

function registerExportFileList(app: RouteApp, ctx: AppContext) {
  const files = ctx.repos.exportFiles;

  app.get(
    "/export/files",
    {
      config,
      schema: {
        tags,
        summary:
          "The scenario's files (downloads list), or a calculated driver's values as CSV (data_type=RECORDS_ONLY_CALCULATED&driver)",
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
        const lang = language(request);
        return toPage(request, await files.list(companyId, scenario.id, page), page, (row) =>
          toExportFile(row, lang),
        );
      }
      // The calculated-driver export: the CSV is streamed at once.
      const userId = authOf(request).user.id;
      const file = await streamCalculatedDriverFile(ctx, userId, companyId, scenario, driverId);
      return (
        reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", contentDisposition(file.fileName))
          // A stream bypasses the response schema (which describes the list form of this call).
          .send(file.body as never)
      );
    },
  );
}

function registerExportFileRequest(app: RouteApp, ctx: AppContext) {
  app.post(
    "/export/files",
    {
      config,
      schema: {
        tags,
        summary: "Request a file: a job of the file pipeline; answers the file row at once (PROCESSING)",
        description:
          "data_type BI_CSV, BI_XLSX or BI_PARQUET (the BI template), TABLE (with `table`: a list call and its " +
          "filters, and `format` CSV or XLSX), RECORDS_ONLY_CALCULATED (with `driver`), PDF_SUMMARY, PDF_REPORT " +
          "(with `report`). The user is notified when the file is ready.",
        security: bearer,
        body: ExportFileRequest,
        response: { 201: ExportFile, ...errorResponses },
      },
    },
    async (request, reply) => {
      try {
        const row = await requestExport(ctx, authOf(request), request.body);
        return reply.code(201).send(toExportFile(row, language(request)));
      } catch (error) {
        if (error instanceof TableCallRefused) return reply.code(error.status).send(error.body as never);
        throw error;
      }
    },
  );
}

/** One file of the downloads list, and its download. */
function registerExportFileItem(app: RouteApp, ctx: AppContext) {
  const files = ctx.repos.exportFiles;

  app.get(
    "/export/files/:id",
    {
      config,
      schema: {
        tags,
        summary: "One file of the downloads list",
        security: bearer,
        params: IdParams,
        response: { 200: ExportFile, ...errorResponses },
      },
    },
    async (request) => {
      const row = await files.find(tenantOf(request), request.params.id);
      if (!row) throw notFound();
      return toExportFile(row, language(request));
    },
  );

  app.get(
    "/export/files/:id/download",
    {
      config,
      schema: {
        tags,
        summary: "Download a file (streamed; Content-Disposition names it)",
        produces: ["application/octet-stream"],
        security: bearer,
        params: IdParams,
        response: { 200: z.any().describe("The file"), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { row, stream } = await openExportDownload(ctx, tenantOf(request), request.params.id);
      reply
        .header("content-type", row.contentType ?? "application/octet-stream")
        .header("content-disposition", contentDisposition(row.fileName ?? `file-${row.id}`));
      if (row.sizeBytes !== null) reply.header("content-length", String(row.sizeBytes));
      return reply.send(stream);
    },
  );
}

/** Stop or delete a file of the downloads list (its requester or the company's administrators). */
function registerExportFileChanges(app: RouteApp, ctx: AppContext) {
  app.post(
    "/export/files/:id/stop",
    {
      config,
      schema: {
        tags,
        summary: "Stop a file still being written: it ends in ERROR (stopped) and nothing is kept",
        security: bearer,
        params: IdParams,
        response: { 200: ExportFile, ...errorResponses },
      },
    },
    async (request) => {
      const row = await stopExportFile(ctx, authOf(request), tenantOf(request), request.params.id);
      return toExportFile(row, language(request));
    },
  );

  app.delete(
    "/export/files/:id",
    {
      config,
      schema: {
        tags,
        summary: "Delete a file (a file still being written is stopped and removed)",
        security: bearer,
        params: IdParams,
        response: { 204: z.null().describe("Deleted"), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteExportFile(ctx, authOf(request), tenantOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

function registerTableExport(app: RouteApp) {
  app.get(
    "/export/table",
    {
      config,
      schema: {
        tags,
        summary: `A table exported at once as CSV or XLSX (at most ${DIRECT_TABLE_MAX_ROWS} rows; larger ones: POST export/files/ with data_type TABLE)`,
        produces: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
        security: bearer,
        querystring: TableExportQuery,
        response: { 200: z.any().describe("The file"), ...errorResponses },
      },
    },
    async (request, reply) => {
      const who = { userId: authOf(request).user.id, companyId: tenantOf(request) };
      try {
        const { name, contentType, body } = await exportTableNow(who, request.query);
        return reply
          .header("content-type", contentType)
          .header("content-disposition", contentDisposition(name))
          .send(body);
      } catch (error) {
        if (error instanceof TableCallRefused) return reply.code(error.status).send(error.body as never);
        throw error;
      }
    },
  );
}
