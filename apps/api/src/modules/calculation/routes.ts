import {
  CalculationListQuery,
  CalculationLogPage,
  CalculationLogQuery,
  CalculationPage,
  GenerateIndirectRequest,
  GenerateRequest,
  GenerateResponse,
  StopRequest,
  StopResponse,
} from "@costflow/contract/calculation";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { languageFromHeader } from "../../lib/language.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { authOf, tenantOf } from "../../plugins/access.ts";
import { toCalculation, toCalculationLog } from "./calculation-views.ts";
import type { RunKind } from "./categories.ts";
import { listRunLogs } from "./list-run-logs.ts";
import { requestCalculation, stopCalculation } from "./request-calculation.ts";

const tags = ["calculation"];
const language = (request: { headers: Record<string, unknown> }) =>
  languageFromHeader(request.headers["accept-language"] as string | undefined);

/**
 * Calculation runs: the generate calls of the six steps, calculate-all and the reports run (each
 * queues a job and answers at once), stop, the run lists and their logs. docs/calculation.md, "A
 * run"; every scenario and run is the caller's company's (others answer 404).
 */
export function calculationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerGenerateRoutes(app, ctx);
    registerStopRoutes(app, ctx);
    registerRunLists(app, ctx);
  };
}

/** The generate calls: each queues a run of the steps up to its own (or every step, or the reports). */
function registerGenerateRoutes(app: RouteApp, ctx: AppContext) {
  const generate = (path: string, kind: RunKind, subject: "Calculation" | "Report", summary: string) =>
    app.post(
      path,
      {
        config: { access: { action: "create", subject } },
        schema: {
          tags,
          summary,
          security: bearer,
          body: kind === 2 ? GenerateIndirectRequest : GenerateRequest,
          response: { 201: GenerateResponse, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await requestCalculation(
              ctx,
              authOf(request),
              tenantOf(request),
              kind,
              request.body as { scenario: number; strategy?: "not_allocate" | "rebalance" },
              language(request),
            ),
          ),
    );

  generate(
    "/calculation/account-results/generate",
    1,
    "Calculation",
    "Calculate step 1 (accounts to cost pools)",
  );

  generate(
    "/calculation/indirect-results/generate",
    2,
    "Calculation",
    "Calculate steps 1-2 (strategy for this run)",
  );

  generate("/calculation/direct-results/generate", 3, "Calculation", "Calculate steps 1-3");

  generate("/calculation/activity-results/generate", 4, "Calculation", "Calculate steps 1-4");

  generate("/calculation/dimension-results/generate", 5, "Calculation", "Calculate steps 1-5");

  generate("/calculation/calculated-driver-results/generate", 6, "Calculation", "Calculate steps 1-6");

  generate("/calculation/calculate-all", "ALL", "Calculation", "Calculate every step and the reports");

  generate(
    "/report/reports/generate",
    "REPORTS",
    "Report",
    "Calculate the reports (summary, validation, Sankey)",
  );
}

function registerStopRoutes(app: RouteApp, ctx: AppContext) {
  const stop = (path: string, subject: "Calculation" | "Report") =>
    app.post(
      path,
      {
        config: { access: { action: "update", subject } },
        schema: {
          tags,
          summary: "Stop a requested or running calculation",
          security: bearer,
          body: StopRequest,
          response: { 200: StopResponse, ...errorResponses },
        },
      },
      async (request) =>
        stopCalculation(
          ctx,
          authOf(request),
          tenantOf(request),
          request.body.calculation_id,
          language(request),
        ),
    );

  stop("/calculation/calculations/stop-calculation", "Calculation");

  stop("/report/calculation/stop-calculation", "Report");
}

/** The run lists and their logs. */
function registerRunLists(app: RouteApp, ctx: AppContext) {
  const calculations = ctx.repos.calculations;

  const list = (path: string, subject: "Calculation" | "Report") =>
    app.get(
      path,
      {
        config: { access: { action: "read", subject } },
        schema: {
          tags,
          summary: "Calculation runs of a scenario, latest first",
          security: bearer,
          querystring: CalculationListQuery,
          response: { 200: CalculationPage, ...errorResponses },
        },
      },
      async (request) => {
        const companyId = tenantOf(request);
        const { scenario, category, status, ...page } = request.query;
        if (!(await ctx.repos.models.findScenario(companyId, scenario))) throw notFound("scenario");
        const result = await calculations.list(companyId, { scenarioId: scenario, category, status }, page);
        return toPage(request, result, page, toCalculation);
      },
    );

  list("/calculation/calculations", "Calculation");

  list("/report/calculation", "Report");

  const logs = (path: string, subject: "Calculation" | "Report") =>
    app.get(
      path,
      {
        config: { access: { action: "read", subject } },
        schema: {
          tags,
          summary: "Log of a calculation run, newest first",
          security: bearer,
          querystring: CalculationLogQuery,
          response: { 200: CalculationLogPage, ...errorResponses },
        },
      },
      async (request) => {
        const companyId = tenantOf(request);
        const { calculation, level, ...page } = request.query;
        const { row, logs } = await listRunLogs(ctx, companyId, { calculation, level, page });
        return toPage(request, logs, page, toCalculationLog(row));
      },
    );

  logs("/calculation/logs", "Calculation");

  logs("/report/calculation-logs", "Report");
}
