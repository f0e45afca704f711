import { IdParams } from "@costflow/contract/account";
import { FormulaFeedback } from "@costflow/contract/allocation";
import {
  CheckReportLineFormula,
  CreateReportLine,
  ReportLine,
  ReportLineListQuery,
  ReportLinePage,
  UpdateReportLine,
} from "@costflow/contract/report-lines";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { languageFromHeader } from "../../lib/language.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { formulaFeedback } from "../allocation/formula-problems.ts";
import { toReportLine, treeOrder } from "./line-tree.ts";
import { deleteReportLine, readReportLine, saveReportLine } from "./save-report-line.ts";

const tags = ["report lines"];
const can = (action: "read" | "create" | "update" | "delete") =>
  ({ access: { action, subject: "Report" } }) as const;

/** The P&L report structure of a model: report/lines. */
export function reportLineRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerReportLineReads(app, ctx);
    registerReportLineWrites(app, ctx);
    registerFormulaCheck(app, ctx);
  };
}

function registerReportLineReads(app: RouteApp, ctx: AppContext) {
  app.get(
    "/report/lines",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The model's P&L lines in tree order (parents first, siblings by rank)",
        security: bearer,
        querystring: ReportLineListQuery,
        response: { 200: ReportLinePage, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const { model, ...paging } = request.query;
      if (!(await ctx.repos.allocationRules.findModel(companyId, model))) throw notFound("model");
      const ordered = treeOrder(await ctx.repos.reportLines.listLines(companyId, model));
      const rows = ordered.slice(paging.offset, paging.offset + paging.limit);
      return toPage(request, { rows, count: ordered.length }, paging, (p) => toReportLine(p.line, p.level));
    },
  );

  app.get(
    "/report/lines/:id",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "One P&L line",
        security: bearer,
        params: IdParams,
        response: { 200: ReportLine, ...errorResponses },
      },
    },
    async (request) => readReportLine(ctx, tenantOf(request), request.params.id),
  );
}

function registerReportLineWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    "/report/lines",
    {
      config: can("create"),
      schema: {
        tags,
        summary: "Create a P&L line",
        security: bearer,
        body: CreateReportLine,
        response: { 201: ReportLine, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await saveReportLine(ctx, tenantOf(request), request.body)),
  );

  app.put(
    "/report/lines/:id",
    {
      config: can("update"),
      schema: {
        tags,
        summary: "Replace a P&L line",
        security: bearer,
        params: IdParams,
        body: UpdateReportLine,
        response: { 200: ReportLine, ...errorResponses },
      },
    },
    async (request) => saveReportLine(ctx, tenantOf(request), request.body, request.params.id),
  );

  app.delete(
    "/report/lines/:id",
    {
      config: can("delete"),
      schema: {
        tags,
        summary: "Delete a P&L line (refused while a FOR formula reads it); its children move up",
        security: bearer,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteReportLine(ctx, tenantOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

function registerFormulaCheck(app: RouteApp, ctx: AppContext) {
  app.post(
    "/report/lines/check-formula",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "formula_feedback of a FOR formula over the model's line codes",
        security: bearer,
        body: CheckReportLineFormula,
        response: { 200: FormulaFeedback, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const { model, formula } = request.body;
      if (!(await ctx.repos.allocationRules.findModel(companyId, model))) throw notFound("model");
      const codes = (await ctx.repos.reportLines.listLines(companyId, model)).map((l) => l.code);
      return formulaFeedback(formula, codes, languageFromHeader(request.headers["accept-language"]));
    },
  );
}
