import { IdParams } from "@costflow/contract/account";
import {
  CalculatedDriverListQuery,
  CalculatedDriverPage,
  CalculatedDriverTotalsPage,
  CalculateRequest,
  CalculationRequested,
  CreateCalculatedDriver,
  DriversCalculationPage,
  DriversCalculationQuery,
  DriversIssuePage,
  DriversIssuesQuery,
  GetCalculatedQuery,
  SavedCalculatedDriver,
  UpdateCalculatedDriver,
} from "@costflow/contract/calculated-drivers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { pageOf, requireModel, requireScenario } from "../../lib/data-scope.ts";
import { languageFromHeader } from "../../lib/language.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { authOf, tenantOf } from "../../plugins/access.ts";
import { listCalculatedTotals } from "./list-calculated-totals.ts";
import { listCalculationIssues } from "./list-calculation-issues.ts";
import { requestCalculation, toDriversCalculation } from "./request-calculation.ts";
import {
  createCalculatedDriver,
  deleteCalculatedDriver,
  getCalculatedDriver,
  toCalculatedDriver,
  updateCalculatedDriver,
  withFeedback,
} from "./save-calculated-driver.ts";

const tags = ["calculated drivers"];
const can = (action: "read" | "create" | "update" | "delete") =>
  ({ access: { action, subject: "Data" } }) as const;

/** The older calculated-drivers API (docs/data-api.md, "Calculated drivers"). */
export function calculatedDriverRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerCalculatedDriverReads(app, ctx);
    registerCalculatedDriverWrites(app, ctx);
    registerDriverCalculation(app, ctx);
  };
}

function registerCalculatedDriverReads(app: RouteApp, ctx: AppContext) {
  app.get(
    "/dimension/calculated-drivers/get-calculated",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The model's calculated drivers with their totals in the scenario's latest finished run",
        security: bearer,
        querystring: GetCalculatedQuery,
        response: { 200: CalculatedDriverTotalsPage, ...errorResponses },
      },
    },
    async (request) =>
      toPage(
        request,
        await listCalculatedTotals(ctx, tenantOf(request), request.query),
        pageOf(request.query),
        (row) => row,
      ),
  );

  app.get(
    "/dimension/calculated-drivers",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The model's calculated drivers (is_pnl_line=True: those usable as P&L lines)",
        security: bearer,
        querystring: CalculatedDriverListQuery,
        response: { 200: CalculatedDriverPage, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const model = await requireModel(ctx, companyId, request.query.model);
      const page = pageOf(request.query);
      const result = await ctx.repos.calculatedDrivers.list(
        companyId,
        { modelId: model.id, dimensionId: request.query.dimension, isPnlLine: request.query.is_pnl_line },
        page,
      );
      return toPage(request, result, page, toCalculatedDriver);
    },
  );

  app.get(
    "/dimension/calculated-drivers/:id",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "One calculated driver with its formula's feedback",
        security: bearer,
        params: IdParams,
        response: { 200: SavedCalculatedDriver, ...errorResponses },
      },
    },
    async (request) =>
      getCalculatedDriver(
        ctx,
        tenantOf(request),
        request.params.id,
        languageFromHeader(request.headers["accept-language"]),
      ),
  );
}

function registerCalculatedDriverWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    "/dimension/calculated-drivers",
    {
      config: can("create"),
      schema: {
        tags,
        summary: "Create a calculated driver; answers formula_feedback and formula_splited",
        security: bearer,
        body: CreateCalculatedDriver,
        response: { 201: SavedCalculatedDriver, ...errorResponses },
      },
    },
    async (request, reply) => {
      const companyId = tenantOf(request);
      const { dimension, name, formula, type, is_pnl_line } = request.body;
      const row = await createCalculatedDriver(ctx, companyId, {
        dimension,
        name,
        formula,
        type,
        isPnlLine: is_pnl_line,
      });
      const language = languageFromHeader(request.headers["accept-language"]);
      return reply.code(201).send(await withFeedback(ctx, companyId, language, row));
    },
  );

  for (const method of ["patch", "put"] as const) {
    app[method](
      "/dimension/calculated-drivers/:id",
      {
        config: can("update"),
        schema: {
          tags,
          summary: "Change a calculated driver; answers formula_feedback and formula_splited",
          security: bearer,
          params: IdParams,
          body: UpdateCalculatedDriver,
          response: { 200: SavedCalculatedDriver, ...errorResponses },
        },
      },
      async (request) => {
        const companyId = tenantOf(request);
        const { dimension, name, formula, type, is_pnl_line } = request.body;
        const row = await updateCalculatedDriver(ctx, companyId, request.params.id, {
          dimension,
          name,
          formula,
          type,
          isPnlLine: is_pnl_line,
        });
        return withFeedback(ctx, companyId, languageFromHeader(request.headers["accept-language"]), row);
      },
    );
  }

  app.delete(
    "/dimension/calculated-drivers/:id",
    {
      config: can("delete"),
      schema: {
        tags,
        summary: "Delete a calculated driver with its step-6 rules and P&L lines",
        security: bearer,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteCalculatedDriver(ctx, tenantOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** Start the calculation of the drivers, follow it, and its issues. */
function registerDriverCalculation(app: RouteApp, ctx: AppContext) {
  app.post(
    "/dimension/calculated-drivers/calculate",
    {
      config: { access: { action: "create", subject: "Calculation" } },
      schema: {
        tags,
        summary: "Calculate every calculated driver of the scenario (a CALCULATED_DRIVERS run on the queue)",
        security: bearer,
        body: CalculateRequest,
        response: { 202: CalculationRequested, ...errorResponses },
      },
    },
    async (request, reply) => {
      const run = await requestCalculation(
        ctx,
        tenantOf(request),
        request.body.scenario,
        authOf(request).user.id,
      );
      return reply.code(202).send({
        calculation_id: run.id,
        task_id: run.taskId,
        status: run.status as "REQUESTED",
        UUID: run.uuid,
      });
    },
  );

  app.get(
    "/dimension/drivers-calculation",
    {
      config: { access: { action: "read", subject: "Calculation" } },
      schema: {
        tags,
        summary: "The scenario's calculated-driver runs, latest first",
        security: bearer,
        querystring: DriversCalculationQuery,
        response: { 200: DriversCalculationPage, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const scenario = await requireScenario(ctx, companyId, request.query.scenario);
      const page = pageOf(request.query);
      const result = await ctx.repos.calculatedDrivers.listCalculations(companyId, scenario.id, page);
      return toPage(request, result, page, toDriversCalculation);
    },
  );

  app.get(
    "/dimension/drivers-issues",
    {
      config: { access: { action: "read", subject: "Calculation" } },
      schema: {
        tags,
        summary: "Warnings and errors logged by a calculated-driver run",
        security: bearer,
        querystring: DriversIssuesQuery,
        response: { 200: DriversIssuePage, ...errorResponses },
      },
    },
    async (request) =>
      toPage(
        request,
        await listCalculationIssues(ctx, tenantOf(request), request.query),
        pageOf(request.query),
        (row) => row,
      ),
  );
}
