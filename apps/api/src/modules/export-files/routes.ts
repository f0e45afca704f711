import { PassThrough, Readable } from "node:stream";
import { COMPANY_ADMIN_GROUP } from "@costflow/contract/abilities";
import { IdParams } from "@costflow/contract/account";
import {
  ExportFile,
  ExportFilePage,
  ExportFileRequest,
  ExportFilesQuery,
  TableExportQuery,
  TableExportSource,
} from "@costflow/contract/export-files";
import type { Language } from "@costflow/contract/languages";
import { type MessageKey, serverMessage } from "@costflow/contract/server-messages";
import type { ExportFileView } from "@costflow/db/repositories/export-files";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError, fieldError, notFound } from "../../lib/app-error.ts";
import { pageOf, requireScenario } from "../../lib/data-scope.ts";
import { languageFromHeader } from "../../lib/language.ts";
import { isoOrNull, toPage } from "../../lib/pagination.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { authOf, type RequestAuth, tenantOf } from "../../plugins/access.ts";
import { DIRECT_TABLE_MAX_ROWS, fileKey, fileStore } from "./export-settings.ts";
import { EXPORT_FORMATS } from "./export-writers.ts";
import { calculatedDriverCsv, resolveCalculatedDriver } from "./records-only-calculated.ts";
import { checkTableSource, requestExport, safeFileName, TableCallRefused } from "./request-export.ts";
import { registerTableCaller, writeTable } from "./table-export.ts";

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

const isAdmin = (auth: RequestAuth) => auth.membership?.groupName === COMPANY_ADMIN_GROUP;
const canChange = (auth: RequestAuth, row: ExportFileView) =>
  row.requestedBy === auth.user.id || isAdmin(auth);

/**
 * The file pipeline's calls (docs/exports.md): request a file, the scenario's downloads list, one
 * file, its download, stop, delete; a small table exported at once; and
 * `GET export/files/?scenario&data_type=RECORDS_ONLY_CALCULATED&driver` streaming its CSV.
 */
export function exportFileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerTableCaller(app);
    const files = ctx.repos.exportFiles;
    const config = { access: { action: "read", subject: "Report" } } as const;
    const tags = ["export files"];
    const language = (request: { headers: Record<string, string | string[] | undefined> }) =>
      languageFromHeader(request.headers["accept-language"] as string | undefined);

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
        // The calculated-driver export: the CSV is streamed at once, and kept in the downloads list as
        // it goes.
        const { driver, calculationId, fileName } = await resolveCalculatedDriver(
          ctx,
          companyId,
          scenario,
          driverId,
        );
        const row = await files.create(companyId, {
          scenarioId: scenario.id,
          modelId: scenario.modelId,
          kind: data_type,
          title: driver.name,
          status: "PROCESSING",
          fileName,
          contentType: EXPORT_FORMATS.RECORDS_ONLY_CALCULATED.contentType,
          options: { driver: driver.id, calculation: calculationId },
          requestedBy: authOf(request).user.id,
        });
        const key = fileKey(companyId, row.id);
        const stored = await fileStore().create(key);
        async function* tee() {
          let complete = false;
          try {
            for await (const text of calculatedDriverCsv(ctx, companyId, calculationId, driver)) {
              if (!stored.stream.write(text)) await new Promise((r) => stored.stream.once("drain", r));
              yield text;
            }
            complete = true;
          } finally {
            if (complete) {
              const sizeBytes = await stored.commit();
              await files.finish(companyId, row.id, { status: "PROCESSED", filePath: key, sizeBytes });
            } else {
              await stored.abort();
              await files.finish(companyId, row.id, { status: "ERROR", error: "failed" });
            }
          }
        }
        return (
          reply
            .header("content-type", "text/csv; charset=utf-8")
            .header("content-disposition", contentDisposition(fileName))
            // A stream bypasses the response schema (which describes the list form of this call).
            .send(Readable.from(tee()) as never)
        );
      },
    );

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
        const row = await files.find(tenantOf(request), request.params.id);
        if (!row) throw notFound();
        if (row.status !== "PROCESSED" || !row.filePath) throw fieldError("CONFLICT", "status", "not_ready");
        let stream: Readable;
        try {
          stream = await fileStore().open(row.filePath);
        } catch {
          throw notFound();
        }
        reply
          .header("content-type", row.contentType ?? "application/octet-stream")
          .header("content-disposition", contentDisposition(row.fileName ?? `file-${row.id}`));
        if (row.sizeBytes !== null) reply.header("content-length", String(row.sizeBytes));
        return reply.send(stream);
      },
    );

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
        const auth = authOf(request);
        const companyId = tenantOf(request);
        const found = await files.find(companyId, request.params.id);
        if (!found) throw notFound();
        if (!canChange(auth, found)) throw fieldError("FORBIDDEN", "id", "not_owner");
        const row = await files.requestStop(companyId, request.params.id);
        if (!row) throw notFound();
        if (row.status !== "PROCESSING") throw fieldError("CONFLICT", "status", "not_running");
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
        const auth = authOf(request);
        const companyId = tenantOf(request);
        const found = await files.find(companyId, request.params.id);
        if (!found) throw notFound();
        if (!canChange(auth, found)) throw fieldError("FORBIDDEN", "id", "not_owner");
        await files.requestStop(companyId, found.id);
        await files.remove(companyId, found.id);
        await fileStore().remove(fileKey(companyId, found.id));
        return reply.code(204).send(null);
      },
    );

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
        const auth = authOf(request);
        const companyId = tenantOf(request);
        const { call, format, title } = request.query;
        const parse = (field: "params" | "columns", text: string | undefined) => {
          if (text === undefined) return undefined;
          try {
            return JSON.parse(text) as unknown;
          } catch {
            throw fieldError("VALIDATION_ERROR", field, "invalid_json");
          }
        };
        const parsed = TableExportSource.safeParse({
          call,
          params: parse("params", request.query.params) ?? {},
          columns: parse("columns", request.query.columns),
          title,
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw fieldError("VALIDATION_ERROR", String(issue.path[0] ?? "params"), "invalid_value");
        }
        const source = parsed.data;
        const who = { userId: auth.user.id, companyId };
        let rows: number;
        try {
          rows = await checkTableSource(source, format, who, "call");
        } catch (error) {
          if (error instanceof TableCallRefused) return reply.code(error.status).send(error.body as never);
          if (error instanceof AppError && error.fields[0]?.field === "call.call")
            throw fieldError("VALIDATION_ERROR", "call", "invalid_call");
          throw error;
        }
        if (rows > DIRECT_TABLE_MAX_ROWS)
          throw fieldError("VALIDATION_ERROR", "call", "too_big", { maximum: DIRECT_TABLE_MAX_ROWS });
        const extension = format === "XLSX" ? "xlsx" : "csv";
        const name = `${safeFileName((title || call).replace(/\/+$/, ""))}.${extension}`;
        const out = new PassThrough();
        writeTable(source, format, who, out)
          .then(() => {
            if (!out.writableEnded) out.end();
          })
          .catch((error) => out.destroy(error));
        return reply
          .header(
            "content-type",
            format === "XLSX" ? EXPORT_FORMATS.BI_XLSX.contentType : EXPORT_FORMATS.TABLE.contentType,
          )
          .header("content-disposition", contentDisposition(name))
          .send(out);
      },
    );
  };
}
