import { PassThrough } from "node:stream";
import { isLanguage, type Language } from "@costflow/contract/languages";
import {
  CreatePdfReport,
  DuplicatePdfReport,
  PdfDirectQuery,
  PdfReport,
  PdfReportIdParams,
  PdfReportListQuery,
  PdfReportPage,
  PdfSummaryQuery,
  UpdatePdfReport,
} from "@costflow/contract/pdf-reports";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { fieldError } from "../../lib/app-error.ts";
import { languageFromHeader } from "../../lib/language.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { authOf, tenantOf } from "../../plugins/access.ts";
import { callerOf } from "../reports/saved-reports.ts";
import {
  createPdfReport,
  deletePdfReport,
  duplicatePdfReport,
  listPdfReports,
  readPdfReport,
  toPdfReport,
  updatePdfReport,
  visiblePdfReport,
} from "./pdf-reports.ts";
import type { PdfRequest } from "./write-pdf.ts";

/** The PDF written into memory, then sent: an error before the last page is still a JSON answer. */
async function sendPdf(ctx: AppContext, request: PdfRequest, reply: FastifyReply) {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on("data", (c: Buffer) => chunks.push(c));
  // The renderer (PDFKit, ECharts, fonts) is loaded on the first PDF, not at start.
  const { writePdf } = await import("./write-pdf.ts");
  const { fileName } = await writePdf(ctx, request, sink, () => {}, new AbortController().signal);
  const ascii = fileName.replace(/[^\w.-]+/g, "_");
  return reply
    .type("application/pdf")
    .header(
      "content-disposition",
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .send(Buffer.concat(chunks));
}

const languageOf = (request: FastifyRequest, asked: string | undefined): Language =>
  asked !== undefined && isLanguage(asked) ? asked : languageFromHeader(request.headers["accept-language"]);

const tags = ["pdf reports"];
const config = { access: { action: "read", subject: "Report" } } as const;
const caller = (request: FastifyRequest) => callerOf(authOf(request), tenantOf(request));

/**
 * PDF reports: report/pdf-reports (saved block lists, like report/my-reports) and the direct
 * PDF calls the builder previews with (report/pdf-reports/{id}/pdf/, report/pdf-summary/).
 * 'Generate PDF' goes through the file pipeline (export/files/) with the same renderer.
 */
export function pdfRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerPdfReportReads(app, ctx);
    registerPdfReportWrites(app, ctx);
    registerPdfFiles(app, ctx);
  };
}

function registerPdfReportReads(app: RouteApp, ctx: AppContext) {
  app.get(
    "/report/pdf-reports",
    {
      config,
      schema: {
        tags,
        summary: "The caller's PDF reports and those shared with the company",
        security: bearer,
        querystring: PdfReportListQuery,
        response: { 200: PdfReportPage, ...errorResponses },
      },
    },
    async (request) => {
      const who = caller(request);
      const page = await listPdfReports(ctx, who, request.query);
      return toPage(request, page, request.query, (row) => toPdfReport(who, row));
    },
  );

  app.get(
    "/report/pdf-reports/:id",
    {
      config,
      schema: {
        tags,
        summary: "One PDF report (own, or shared with the company)",
        security: bearer,
        params: PdfReportIdParams,
        response: { 200: PdfReport, ...errorResponses },
      },
    },
    async (request) => readPdfReport(ctx, caller(request), request.params.id),
  );
}

function registerPdfReportWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    "/report/pdf-reports",
    {
      config,
      schema: {
        tags,
        summary: "Save a PDF report: title, description, orientation and its blocks",
        security: bearer,
        body: CreatePdfReport,
        response: { 201: PdfReport, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await createPdfReport(ctx, caller(request), request.body)),
  );

  app.post(
    "/report/pdf-reports/:id/duplicate",
    {
      config,
      schema: {
        tags,
        summary: "Copy a PDF report the caller can see into a private one of theirs",
        security: bearer,
        params: PdfReportIdParams,
        body: DuplicatePdfReport.optional(),
        response: { 201: PdfReport, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await duplicatePdfReport(ctx, caller(request), request.params.id, request.body?.title)),
  );

  app.patch(
    "/report/pdf-reports/:id",
    {
      config,
      schema: {
        tags,
        summary: "Change a PDF report (owner or company admin)",
        security: bearer,
        params: PdfReportIdParams,
        body: UpdatePdfReport,
        response: { 200: PdfReport, ...errorResponses },
      },
    },
    async (request) => updatePdfReport(ctx, caller(request), request.params.id, request.body),
  );

  app.delete(
    "/report/pdf-reports/:id",
    {
      config,
      schema: {
        tags,
        summary: "Delete a PDF report (owner or company admin)",
        security: bearer,
        params: PdfReportIdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await deletePdfReport(ctx, caller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** The PDF of a saved report, and the summary PDF. */
function registerPdfFiles(app: RouteApp, ctx: AppContext) {
  app.get(
    "/report/pdf-reports/:id/pdf",
    {
      config,
      schema: {
        tags,
        summary: "The PDF of a PDF report on a scenario, written at once (the builder's preview)",
        security: bearer,
        params: PdfReportIdParams,
        querystring: PdfDirectQuery,
        produces: ["application/pdf"],
        response: { 200: z.unknown().describe("The PDF"), ...errorResponses },
      },
    },
    async (request, reply) => {
      const who = caller(request);
      const report = await visiblePdfReport(ctx, who, request.params.id);
      const stored = toPdfReport(who, report);
      const scenarioId = request.query.scenario ?? stored.data.scenario;
      if (!scenarioId) throw fieldError("VALIDATION_ERROR", "scenario", "required");
      return sendPdf(
        ctx,
        {
          companyId: who.companyId,
          scenarioId,
          language: languageOf(request, request.query.language),
          kind: "PDF_REPORT",
          reportId: report.id,
        },
        reply,
      );
    },
  );

  app.get(
    "/report/pdf-summary",
    {
      config,
      schema: {
        tags,
        summary: "The management summary of a scenario as a PDF, written at once",
        security: bearer,
        querystring: PdfSummaryQuery,
        produces: ["application/pdf"],
        response: { 200: z.unknown().describe("The PDF"), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendPdf(
        ctx,
        {
          companyId: tenantOf(request),
          scenarioId: request.query.scenario,
          language: languageOf(request, request.query.language),
          kind: "PDF_SUMMARY",
        },
        reply,
      ),
  );
}
