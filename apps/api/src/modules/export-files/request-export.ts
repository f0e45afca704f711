import {
  type ExportFileRequest,
  type TableExportFormat,
  type TableExportSource,
  XLSX_MAX_ROWS,
} from "@costflow/contract/export-files";
import { isLanguage } from "@costflow/contract/languages";
import type { ExportFileView } from "@costflow/db/repositories/export-files";
import type { AppContext } from "../../context.ts";
import { AppError, fieldError, notFound } from "../../lib/app-error.ts";
import { requireScenario } from "../../lib/data-scope.ts";
import type { RequestAuth } from "../../plugins/access.ts";
import { largestBiTable } from "./bi-formats.ts";
import { biRuns } from "./bi-star-schema.ts";
import { EXPORT_QUEUE, type ExportJob } from "./export-settings.ts";
import { EXPORT_FORMATS, EXPORT_WRITERS } from "./export-writers.ts";
import { resolveCalculatedDriver } from "./records-only-calculated.ts";
import { isTableCall, readTablePage } from "./table-export.ts";

/** The table's own call refused the request: its answer is given back as it is. */
export class TableCallRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`table call answered ${status}`);
  }
}

/** A file name of letters, digits, `.`, `_` and `-` (the readable name of Content-Disposition keeps the rest). */
export const safeFileName = (name: string) => name.replace(/[^\p{L}\p{N}._-]+/gu, "_").slice(0, 150);

/**
 * Checks a TABLE source as the user who asks: a call of the app answering the list envelope to
 * them (its first row), and Excel's row limit. Answers the number of rows.
 */
export async function checkTableSource(
  source: TableExportSource,
  format: TableExportFormat,
  who: { userId: number; companyId: number },
  field = "table",
): Promise<number> {
  if (!isTableCall(source.call)) throw fieldError("VALIDATION_ERROR", `${field}.call`, "invalid_call");
  const probe = await readTablePage(source, who, 0, 1);
  if (probe.status !== 200) {
    // An unknown path is the API's JSON 404 without fields: not a table.
    const fields = (probe.body as { errors?: unknown[] } | null)?.errors;
    if (probe.status === 404 && (!Array.isArray(fields) || fields.length === 0))
      throw fieldError("VALIDATION_ERROR", `${field}.call`, "invalid_call");
    throw new TableCallRefused(probe.status, probe.body);
  }
  if (format === "XLSX" && probe.count + 1 > XLSX_MAX_ROWS)
    throw fieldError("VALIDATION_ERROR", "format", "xlsx_too_many_rows", {
      table: source.title ?? source.call,
      rows: probe.count,
    });
  return probe.count;
}

/**
 * POST export/files/: checks the request, records the file (PROCESSING) and queues its job. The
 * job is never retried (a file claimed once is never written again: docs/exports.md).
 */
export async function requestExport(
  ctx: AppContext,
  auth: RequestAuth,
  input: ExportFileRequest,
): Promise<ExportFileView> {
  if (auth.companyId === null) throw new AppError("NO_COMPANY_SELECTED");
  const companyId = auth.companyId;
  const scenario = await requireScenario(ctx, companyId, input.scenario);
  const kind = input.data_type;
  if (!EXPORT_WRITERS[kind]) throw fieldError("VALIDATION_ERROR", "data_type", "unsupported");
  const { format, title, fileName, options } = await describeFile(ctx, auth, companyId, scenario, input);

  const files = ctx.repos.exportFiles;
  const row = await files.create(companyId, {
    scenarioId: scenario.id,
    modelId: scenario.modelId,
    kind,
    title,
    status: "PROCESSING",
    fileName,
    contentType: format.contentType,
    options,
    requestedBy: auth.user.id,
  });
  // The answer is the file as requested (PROCESSING), read before the job is queued: a small file
  // may be written before a read after it.
  const requested = (await files.find(companyId, row.id))!;
  await ctx.queue.send<ExportJob>(
    EXPORT_QUEUE,
    { fileId: row.id, companyId },
    { retryLimit: 0, expireInSeconds: 12 * 3600 },
  );
  return requested;
}

/** What the requested file will be: its format, title, file name and the options its writer reads. */
async function describeFile(
  ctx: AppContext,
  auth: RequestAuth,
  companyId: number,
  scenario: Awaited<ReturnType<typeof requireScenario>>,
  input: ExportFileRequest,
) {
  const kind = input.data_type;
  let format = EXPORT_FORMATS[kind];
  let title: string;
  let fileName: string;
  let options: Record<string, unknown> = { ...(input.options ?? {}) };

  if ((kind === "PDF_SUMMARY" || kind === "PDF_REPORT") && options.language !== undefined) {
    if (typeof options.language !== "string" || !isLanguage(options.language))
      throw fieldError("VALIDATION_ERROR", "options.language", "invalid_value");
  }

  switch (kind) {
    case "RECORDS_ONLY_CALCULATED": {
      const resolved = await resolveCalculatedDriver(ctx, companyId, scenario, input.driver);
      title = resolved.driver.name;
      fileName = resolved.fileName;
      options = { driver: resolved.driver.id, calculation: resolved.calculationId };
      break;
    }
    case "BI_CSV":
    case "BI_XLSX":
    case "BI_PARQUET": {
      if (!(await biRuns(ctx, companyId, scenario.id))) throw new AppError("NO_CALCULATION");
      if (kind === "BI_XLSX") {
        const largest = await largestBiTable(ctx, companyId, scenario);
        if (largest && largest.rows + 1 > XLSX_MAX_ROWS)
          throw fieldError("VALIDATION_ERROR", "data_type", "xlsx_too_many_rows", {
            table: largest.table,
            rows: largest.rows,
          });
      }
      const suffix = kind === "BI_CSV" ? "bi-csv" : kind === "BI_PARQUET" ? "bi-parquet" : "bi";
      title = "BI template";
      fileName = `${safeFileName(scenario.name)}-${suffix}.${format.extension}`;
      break;
    }
    case "TABLE": {
      if (!input.table) throw fieldError("VALIDATION_ERROR", "table", "required");
      const tableFormat = input.format ?? "CSV";
      await checkTableSource(input.table, tableFormat, { userId: auth.user.id, companyId });
      if (tableFormat === "XLSX") format = EXPORT_FORMATS.BI_XLSX;
      title = input.table.title || input.table.call;
      fileName = `${safeFileName(title.replace(/\/+$/, ""))}.${format.extension}`;
      options = { table: input.table, format: tableFormat };
      break;
    }
    case "PDF_REPORT": {
      if (input.report === undefined) throw fieldError("VALIDATION_ERROR", "report", "required");
      // A report the caller may see (their own or shared with the company), else it does not exist.
      const report = await ctx.repos.pdfReports.findVisible(companyId, auth.user.id, input.report);
      if (!report) throw notFound("report");
      title = report.title;
      fileName = `${safeFileName(scenario.name)}-${safeFileName(report.title)}.pdf`;
      options = { ...options, report: report.id };
      break;
    }
    default: {
      title = "PDF summary";
      fileName = `${safeFileName(scenario.name)}-summary.pdf`;
    }
  }
  return { format, title, fileName, options };
}
