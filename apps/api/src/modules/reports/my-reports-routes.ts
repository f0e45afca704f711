import {
  CreateSavedReport,
  SavedReport,
  SavedReportIdParams,
  SavedReportListQuery,
  SavedReportPage,
  UpdateSavedReport,
} from "@costflow/contract/saved-reports";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { authOf, tenantOf } from "../../plugins/access.ts";
import {
  callerOf,
  createSavedReport,
  deleteSavedReport,
  listSavedReports,
  readSavedReport,
  toSavedReport,
  updateSavedReport,
} from "./saved-reports.ts";

const tags = ["saved reports"];
const config = { access: { action: "read", subject: "Report" } } as const;
const caller = (request: Parameters<typeof tenantOf>[0]) => callerOf(authOf(request), tenantOf(request));

/**
 * Saved reports: report/my-reports. Every member who reads reports may save their own (a
 * Viewer too: it changes nothing of the company's work); who may change one is decided per report.
 */
export function myReportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerMyReportReads(app, ctx);
    registerMyReportWrites(app, ctx);
  };
}

function registerMyReportReads(app: RouteApp, ctx: AppContext) {
  app.get(
    "/report/my-reports",
    {
      config,
      schema: {
        tags,
        summary: "The caller's saved reports and those shared with the company",
        security: bearer,
        querystring: SavedReportListQuery,
        response: { 200: SavedReportPage, ...errorResponses },
      },
    },
    async (request) => {
      const who = caller(request);
      const page = await listSavedReports(ctx, who, request.query);
      return toPage(request, page, request.query, (row) => toSavedReport(who, row));
    },
  );

  app.get(
    "/report/my-reports/:id",
    {
      config,
      schema: {
        tags,
        summary: "One saved report (own, or shared with the company)",
        security: bearer,
        params: SavedReportIdParams,
        response: { 200: SavedReport, ...errorResponses },
      },
    },
    async (request) => readSavedReport(ctx, caller(request), request.params.id),
  );
}

function registerMyReportWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    "/report/my-reports",
    {
      config,
      schema: {
        tags,
        summary: "Save a report page's filters under a title (private unless shared)",
        security: bearer,
        body: CreateSavedReport,
        response: { 201: SavedReport, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSavedReport(ctx, caller(request), request.body)),
  );

  app.patch(
    "/report/my-reports/:id",
    {
      config,
      schema: {
        tags,
        summary: "Rename, share or unshare a saved report, or change its filters (owner or company admin)",
        security: bearer,
        params: SavedReportIdParams,
        body: UpdateSavedReport,
        response: { 200: SavedReport, ...errorResponses },
      },
    },
    async (request) => updateSavedReport(ctx, caller(request), request.params.id, request.body),
  );

  app.delete(
    "/report/my-reports/:id",
    {
      config,
      schema: {
        tags,
        summary: "Delete a saved report (owner or company admin)",
        security: bearer,
        params: SavedReportIdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteSavedReport(ctx, caller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
