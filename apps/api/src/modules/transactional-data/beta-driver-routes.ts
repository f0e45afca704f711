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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";
import { otherModel, requireModel, requireScenario } from "../../lib/data-scope.ts";
import { languageFromHeader } from "../../lib/language.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { authOf, tenantOf } from "../../plugins/access.ts";
import { feedbackOf, isBefore, knownNames } from "../calculated-drivers/formula-feedback.ts";
import {
  cancelCalculation,
  requestCalculation,
  toDriversCalculation,
} from "../calculated-drivers/request-calculation.ts";
import {
  createCalculatedDriver,
  toCalculatedDriver,
  updateCalculatedDriver,
  withFeedback,
} from "../calculated-drivers/save-calculated-driver.ts";

/** Neumaier's compensated sum of a few totals. */
function sumOf(values: number[]): number {
  let sum = 0;
  let comp = 0;
  for (const v of values) {
    const t = sum + v;
    comp += Math.abs(sum) >= Math.abs(v) ? sum - t + v : v - t + sum;
    sum = t;
  }
  return sum + comp;
}

/** The beta calculated-drivers API and its calculations (docs/data-api.md, "Calculated drivers"). */
export function betaDriverRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["calculated drivers (beta)"];
    const can = (action: "read" | "create" | "update" | "delete") =>
      ({ access: { action, subject: "Data" } }) as const;
    const calc = (action: "read" | "create") => ({ access: { action, subject: "Calculation" } }) as const;

    /** The scenario's latest finished run, or 404 'No calculation found'. */
    async function latestRun(companyId: number, scenarioId: number) {
      const id = await ctx.repos.calculatedDrivers.latestFinished(companyId, scenarioId);
      if (id === undefined) throw fieldError("NOT_FOUND", "calculation", "no_calculation");
      return id;
    }

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
      async (request) => {
        const companyId = tenantOf(request);
        const { model: modelId, dimension_id, ordering, limit, offset } = request.query;
        const model = await requireModel(ctx, companyId, modelId);
        const result = await ctx.repos.calculatedDrivers.list(
          companyId,
          { modelId: model.id, dimensionId: dimension_id },
          { limit, offset, ordering },
        );
        const language = languageFromHeader(request.headers["accept-language"]);
        // Known names per dimension, read once: decimal drivers + every calculated driver.
        const dimensionIds = [...new Set(result.rows.map((r) => r.dimensionId))];
        const drivers = await ctx.repos.drivers.ofDimensions(companyId, dimensionIds);
        const calculated = await ctx.repos.calculatedDrivers.ofDimensions(companyId, dimensionIds);
        const items = result.rows.map((row) => {
          const names = [
            ...drivers
              .filter((d) => d.dimensionId === row.dimensionId && d.dataType === "DECI")
              .map((d) => d.name),
            ...calculated
              .filter((c) => c.dimensionId === row.dimensionId && isBefore(c, row))
              .map((c) => c.name),
          ];
          return { ...toCalculatedDriver(row), ...feedbackOf(language, row.formula, names) };
        });
        return { items, count: result.count };
      },
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
        const companyId = tenantOf(request);
        const form = request.body;
        const input = {
          dimension: form.dimension,
          name: form.driver_name,
          formula: form.driver_formula,
          isPnlLine: form.is_pl,
        };
        const existing = form.driver_id ?? null;
        const row =
          existing === null
            ? await createCalculatedDriver(ctx, companyId, input, { name: "driver_name" })
            : await updateCalculatedDriver(ctx, companyId, existing, input, { name: "driver_name" });
        const language = languageFromHeader(request.headers["accept-language"]);
        return reply
          .code(existing === null ? 201 : 200)
          .send(await withFeedback(ctx, companyId, language, row));
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
      async (request) => {
        const companyId = tenantOf(request);
        const { dimension: dimensionId, formula, driver_id } = request.body;
        const dimension = await ctx.repos.dimensions.find(companyId, dimensionId);
        if (!dimension) throw notFound("dimension");
        let before: { position: number; id: number } | null = null;
        if (driver_id !== undefined && driver_id !== null) {
          const driver = await ctx.repos.calculatedDrivers.find(companyId, driver_id);
          if (!driver) throw notFound("driver_id");
          if (driver.dimensionId === dimension.id) before = driver;
        }
        const names = await knownNames(ctx, companyId, dimension.id, before);
        return feedbackOf(languageFromHeader(request.headers["accept-language"]), formula, names);
      },
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
      async (request) => {
        const companyId = tenantOf(request);
        const form = request.body;
        if (form.dimension !== request.params.dimension)
          throw fieldError("VALIDATION_ERROR", "dimension", "invalid_value");
        const row = await updateCalculatedDriver(
          ctx,
          companyId,
          request.params.oldDriverId,
          {
            dimension: request.params.dimension,
            name: form.driver_name,
            formula: form.driver_formula,
            isPnlLine: form.is_pl,
          },
          { name: "driver_name" },
        );
        return withFeedback(ctx, companyId, languageFromHeader(request.headers["accept-language"]), row);
      },
    );

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
      async (request) => {
        const companyId = tenantOf(request);
        const { scenario: scenarioId, dimension, limit, offset } = request.query;
        const scenario = await requireScenario(ctx, companyId, scenarioId);
        const calculationId = await latestRun(companyId, scenario.id);
        const result = await ctx.repos.calculatedDrivers.totals(
          companyId,
          calculationId,
          { dimensionId: dimension },
          { limit, offset },
        );
        return {
          calculation_id: calculationId,
          count: result.count,
          items: result.rows.map((r) => ({
            calculated_driver_id: r.driverId,
            calculated_driver_name: r.driverName,
            dimension: r.dimensionId,
            dimension_name: r.dimensionName,
            sum_value: r.sumValue,
            records: r.records,
          })),
        };
      },
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
      async (request) => {
        const companyId = tenantOf(request);
        const { scenario: scenarioId, driver: driverId, limit, offset } = request.query;
        const scenario = await requireScenario(ctx, companyId, scenarioId);
        const driver = await ctx.repos.calculatedDrivers.find(companyId, driverId);
        if (!driver) throw notFound("driver");
        if (driver.modelId !== scenario.modelId) throw otherModel("driver");
        const calculationId = await latestRun(companyId, scenario.id);
        const [total] = (
          await ctx.repos.calculatedDrivers.totals(companyId, calculationId, { driverId }, null)
        ).rows;
        const rows = await ctx.repos.calculatedDrivers.recordValues(companyId, calculationId, driverId, {
          limit,
          offset,
        });
        return { calculation_id: calculationId, count: total?.records ?? 0, items: rows };
      },
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
      async (request) => {
        const companyId = tenantOf(request);
        const scenario = await requireScenario(ctx, companyId, request.params.scenario);
        const calculationId = await latestRun(companyId, scenario.id);
        const { rows } = await ctx.repos.calculatedDrivers.totals(
          companyId,
          calculationId,
          { dimensionId: request.query.dimension, driverId: request.query.driver },
          null,
        );
        return {
          scenario: scenario.id,
          calculation_id: calculationId,
          sum_value: sumOf(rows.map((r) => r.sumValue)),
          drivers: rows.length,
        };
      },
    );

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
  };
}
