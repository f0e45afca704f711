import { CalculationRequested } from "@costflow/contract/calculated-drivers";
import {
  BetaCalculatedDriver,
  BetaCalculatedDriverForm,
  BetaCalculatedDriverItems,
  BetaCalculatedDriverQuery,
  BetaCalculationItems,
  BetaCalculationsQuery,
  BetaDriverPathParams,
  BetaRecordResultItems,
  BetaRecordResultsQuery,
  BetaResultItems,
  BetaResultsQuery,
  CancelCalculateRequest,
  CancelCalculateResult,
  CheckFormulaRequest,
  CheckFormulaResult,
  IdScenarioParams,
  ResultsSum,
  ResultsSumQuery,
  ScenarioParams,
} from "@costflow/contract/transactional-data";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { requireScenario } from "../../lib/data-scope.ts";
import { languageFromHeader } from "../../lib/language.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { authOf, tenantOf } from "../../plugins/access.ts";
import {
  cancelCalculation,
  requestCalculation,
  toDriversCalculation,
} from "../calculated-drivers/request-calculation.ts";
import { checkDriverFormula } from "./check-driver-formula.ts";
import { listBetaDrivers } from "./list-beta-drivers.ts";
import { listDriverRecordResults, listDriverResults, sumDriverResults } from "./list-driver-results.ts";
import { saveBetaDriver, updateBetaDriver } from "./save-beta-driver.ts";

const tags = ["calculated drivers (beta)"];
const can = (action: "read" | "create" | "update" | "delete") =>
  ({ access: { action, subject: "Data" } }) as const;
const calc = (action: "read" | "create") => ({ access: { action, subject: "Calculation" } }) as const;
const language = (request: FastifyRequest) => languageFromHeader(request.headers["accept-language"]);

/** The beta calculated-drivers API and its calculations (docs/data-api.md, "Calculated drivers"). */
export function betaDriverRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerBetaDriverDefinitions(app, ctx);
    registerBetaDriverResults(app, ctx);
    registerBetaDriverCalculation(app, ctx);
  };
}

/** The drivers' definitions: list, create, check a formula, move to another dimension. */
function registerBetaDriverDefinitions(app: RouteApp, ctx: AppContext) {
  app.get(
    "/transactional-data/calculated-drivers",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The model's calculated drivers with their formulas' tokens and feedback",
        security: bearer,
        querystring: BetaCalculatedDriverQuery,
        response: { 200: BetaCalculatedDriverItems, ...errorResponses },
      },
    },
    async (request) => listBetaDrivers(ctx, tenantOf(request), request.query, language(request)),
  );

  app.post(
    "/transactional-data/calculated-drivers",
    {
      config: can("create"),
      schema: {
        tags,
        summary: "Create a calculated driver (or, with driver_id, save that one)",
        security: bearer,
        body: BetaCalculatedDriverForm,
        response: { 200: BetaCalculatedDriver, 201: BetaCalculatedDriver, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { driver, created } = await saveBetaDriver(
        ctx,
        tenantOf(request),
        request.body,
        language(request),
      );
      return reply.code(created ? 201 : 200).send(driver);
    },
  );

  app.post(
    "/transactional-data/calculated-drivers/check-formula",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "Check a formula as the editor types (nothing is saved)",
        security: bearer,
        body: CheckFormulaRequest,
        response: { 200: CheckFormulaResult, ...errorResponses },
      },
    },
    async (request) => checkDriverFormula(ctx, tenantOf(request), request.body, language(request)),
  );

  app.patch(
    "/transactional-data/calculated-drivers/:oldDriverId/dimension/:dimension",
    {
      config: can("update"),
      schema: {
        tags,
        summary: "Save calculated driver oldDriverId under the dimension of the path",
        security: bearer,
        params: BetaDriverPathParams,
        body: BetaCalculatedDriverForm,
        response: { 200: BetaCalculatedDriver, ...errorResponses },
      },
    },
    async (request) =>
      updateBetaDriver(ctx, tenantOf(request), request.params, request.body, language(request)),
  );
}

function registerBetaDriverResults(app: RouteApp, ctx: AppContext) {
  app.get(
    "/transactional-data/calculated-drivers/results",
    {
      config: calc("read"),
      schema: {
        tags,
        summary: "Each calculated driver's total (sum_value) in the scenario's latest finished run",
        security: bearer,
        querystring: BetaResultsQuery,
        response: { 200: BetaResultItems, ...errorResponses },
      },
    },
    async (request) => listDriverResults(ctx, tenantOf(request), request.query),
  );

  app.get(
    "/transactional-data/calculated-drivers/results/records",
    {
      config: calc("read"),
      schema: {
        tags,
        summary: "One calculated driver's value per record in the scenario's latest finished run",
        security: bearer,
        querystring: BetaRecordResultsQuery,
        response: { 200: BetaRecordResultItems, ...errorResponses },
      },
    },
    async (request) => listDriverRecordResults(ctx, tenantOf(request), request.query),
  );

  app.get(
    "/transactional-data/calculated-drivers/results-sum/:scenario",
    {
      config: calc("read"),
      schema: {
        tags,
        summary: "Sum of the calculated drivers' totals in the scenario's latest finished run",
        security: bearer,
        params: ScenarioParams,
        querystring: ResultsSumQuery,
        response: { 200: ResultsSum, ...errorResponses },
      },
    },
    async (request) => sumDriverResults(ctx, tenantOf(request), request.params.scenario, request.query),
  );
}

/** Start or cancel a scenario's calculation, and follow it. */
function registerBetaDriverCalculation(app: RouteApp, ctx: AppContext) {
  app.post(
    "/transactional-data/calculated-drivers/scenario/:id/calculate",
    {
      config: calc("create"),
      schema: {
        tags,
        summary: "Calculate the scenario's calculated drivers (a run on the queue)",
        security: bearer,
        params: IdScenarioParams,
        response: { 202: CalculationRequested, ...errorResponses },
      },
    },
    async (request, reply) => {
      const run = await requestCalculation(
        ctx,
        tenantOf(request),
        request.params.id,
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

  app.post(
    "/transactional-data/calculated-drivers/scenario/:id/cancel-calculate",
    {
      config: calc("create"),
      schema: {
        tags,
        summary: "Stop a calculated-driver run of the scenario",
        security: bearer,
        params: IdScenarioParams,
        body: CancelCalculateRequest,
        response: { 200: CancelCalculateResult, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const scenario = await requireScenario(ctx, companyId, request.params.id);
      const run = await cancelCalculation(ctx, companyId, scenario.id, request.body.calculation_id);
      return { calculation_id: run.id, status: run.status as "STOPPED" };
    },
  );

  app.get(
    "/transactional-data/calculations/:scenario",
    {
      config: calc("read"),
      schema: {
        tags,
        summary: "The scenario's calculated-driver runs (ordering=-started_at: latest started first)",
        security: bearer,
        params: ScenarioParams,
        querystring: BetaCalculationsQuery,
        response: { 200: BetaCalculationItems, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const scenario = await requireScenario(ctx, companyId, request.params.scenario);
      const { ordering, limit, offset } = request.query;
      const result = await ctx.repos.calculatedDrivers.listCalculations(companyId, scenario.id, {
        limit,
        offset,
        ordering,
      });
      return { items: result.rows.map(toDriversCalculation), count: result.count };
    },
  );
}
