import {
  CompareQuery,
  CompareReport,
  PnlReport,
  PnlReportQuery,
  ProfitabilityQuery,
  ProfitabilityReport,
  TreemapQuery,
  TreemapReport,
  WaterfallQuery,
  WaterfallReport,
  WhaleQuery,
  WhaleReport,
} from "@costflow/contract/reports";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { compareReports } from "./compare-reports.ts";
import { readPnlReport, readProfitability } from "./read-pnl-report.ts";
import { readTreemap, readWaterfall, readWhale } from "./read-report-charts.ts";

const tags = ["reports"];
const config = { access: { action: "read", subject: "Report" } } as const;
const schema = <Q, R>(summary: string, querystring: Q, response: R) => ({
  tags,
  summary,
  security: bearer,
  querystring,
  response: { 200: response, ...errorResponses },
});

/**
 * The profitability reports (docs/reports.md), read from the latest FINISHED report run of the
 * scenario; none answers 404 NO_CALCULATION (docs/calculation.md, "Report data"). The trace and the
 * saved reports are mounted by register.ts.
 */
export function reportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerStatementReports(app, ctx);
    registerComparisonReports(app, ctx);
  };
}

/** The P&L by record and the views that rank records (top N, whale curve, tree map). */
function registerStatementReports(app: RouteApp, ctx: AppContext) {
  app.get(
    "/report/pnl",
    {
      config,
      schema: schema(
        "P&L by record: every line, profit, cost and margin %, sorted by any line; with the totals",
        PnlReportQuery,
        PnlReport,
      ),
    },
    async (request) => {
      const { rows, count, extra } = await readPnlReport(ctx, tenantOf(request), request.query);
      return { ...toPage(request, { rows, count }, request.query, (r) => r), ...extra };
    },
  );

  app.get(
    "/report/profitability",
    {
      config,
      schema: schema(
        "Top or bottom N records by a P&L line or a calculated driver",
        ProfitabilityQuery,
        ProfitabilityReport,
      ),
    },
    async (request) => readProfitability(ctx, tenantOf(request), request.query),
  );

  app.get(
    "/report/whale",
    { config, schema: schema("Whale curve of a dimension", WhaleQuery, WhaleReport) },
    async (request) => readWhale(ctx, tenantOf(request), request.query),
  );

  app.get(
    "/report/treemap",
    {
      config,
      schema: schema(
        "Tree map by a line or cost, optionally split over a second dimension",
        TreemapQuery,
        TreemapReport,
      ),
    },
    async (request) => readTreemap(ctx, tenantOf(request), request.query),
  );
}

/** The P&L bridge and the side-by-side comparison with its variance. */
function registerComparisonReports(app: RouteApp, ctx: AppContext) {
  app.get(
    "/report/waterfall",
    {
      config,
      schema: schema("P&L bridge of a dimension or one record", WaterfallQuery, WaterfallReport),
    },
    async (request) => readWaterfall(ctx, tenantOf(request), request.query),
  );

  app.get(
    "/report/compare",
    {
      config,
      schema: schema(
        "Two scenarios, two dimensions or two lines side by side with the variance",
        CompareQuery,
        CompareReport,
      ),
    },
    async (request) => {
      const { rows, count, body } = await compareReports(ctx, tenantOf(request), request.query);
      return { ...toPage(request, { rows, count }, request.query, (r) => r), ...body };
    },
  );
}
