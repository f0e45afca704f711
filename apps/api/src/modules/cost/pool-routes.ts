import { IdParams } from "@costflow/contract/account";
import {
  BulkPoolDriverValues,
  BulkPoolDriverValuesResult,
  CostPool,
  CostPoolListQuery,
  CostPoolPage,
  CreateCostPool,
  CreatePoolDriver,
  OptionalScenarioQuery,
  PoolDriver,
  PoolDriverListQuery,
  PoolDriverPage,
  PoolDriverValue,
  PoolDriverValueListQuery,
  PoolDriverValuePage,
  SavePoolDriverValue,
  UpdateCostPool,
  UpdatePoolDriver,
  UpdatePoolDriverValue,
} from "@costflow/contract/cost";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";
import {
  mapConstraintErrors,
  otherModel,
  pageOf,
  requireModel,
  requireScenario,
} from "../../lib/data-scope.ts";
import { toPage } from "../../lib/pagination.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { toCostPool, toPoolDriver, toPoolDriverValue } from "./cost-views.ts";
import { createPoolDriver, updatePoolDriver } from "./save-pool-driver.ts";

const poolCodeTaken = { cost_pools_model_code_key: "identifier" };

/** Cost pools, cost-pool drivers and the drivers' values per pool and scenario. */
export function poolRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const can = (action: "read" | "create" | "update" | "delete") =>
      ({ access: { action, subject: "Data" } }) as const;

    /** A pool as the API shows it: with every driver of its model and, given a scenario, the values. */
    async function poolView(companyId: number, poolId: number, scenarioId: number | undefined) {
      const pool = await ctx.repos.pools.find(companyId, poolId);
      if (!pool) throw notFound();
      const drivers = await ctx.repos.poolDrivers.all(companyId, pool.modelId);
      let values: Awaited<ReturnType<typeof ctx.repos.poolDrivers.valuesOfPools>> = [];
      if (scenarioId !== undefined) {
        const scenario = await requireScenario(ctx, companyId, scenarioId);
        if (scenario.modelId !== pool.modelId) throw otherModel("scenario");
        values = await ctx.repos.poolDrivers.valuesOfPools(companyId, scenario.id, [pool.id]);
      }
      return toCostPool(pool, drivers, values);
    }

    // Pools --------------------------------------------------------------------------------------
    const tags = ["cost pools"];

    app.get(
      "/cost/pools",
      {
        config: can("read"),
        schema: {
          tags,
          summary: "Cost pools of a scenario's model (with driver values) or of a model",
          security: bearer,
          querystring: CostPoolListQuery,
          response: { 200: CostPoolPage, ...errorResponses },
        },
      },
      async (request) => {
        const companyId = tenantOf(request);
        const { scenario: scenarioId, model: modelId, is_direct, search } = request.query;
        if (scenarioId === undefined && modelId === undefined) {
          throw fieldError("VALIDATION_ERROR", "scenario", "required");
        }
        const scenario =
          scenarioId === undefined ? undefined : await requireScenario(ctx, companyId, scenarioId);
        const model = await requireModel(ctx, companyId, modelId ?? scenario!.modelId);
        if (scenario && scenario.modelId !== model.id) throw otherModel("model");
        const page = pageOf(request.query);
        const result = await ctx.repos.pools.list(companyId, model.id, { isDirect: is_direct, search }, page);
        const drivers = await ctx.repos.poolDrivers.all(companyId, model.id);
        const values = scenario
          ? await ctx.repos.poolDrivers.valuesOfPools(
              companyId,
              scenario.id,
              result.rows.map((p) => p.id),
            )
          : [];
        return toPage(request, result, page, (pool) => toCostPool(pool, drivers, values));
      },
    );

    app.get(
      "/cost/pools/:id",
      {
        config: can("read"),
        schema: {
          tags,
          summary: "One cost pool (with its driver values in ?scenario)",
          security: bearer,
          params: IdParams,
          querystring: OptionalScenarioQuery,
          response: { 200: CostPool, ...errorResponses },
        },
      },
      async (request) => poolView(tenantOf(request), request.params.id, request.query.scenario),
    );

    app.post(
      "/cost/pools",
      {
        config: can("create"),
        schema: {
          tags,
          summary: "Create a cost pool (affects every scenario of the model)",
          security: bearer,
          body: CreateCostPool,
          response: { 201: CostPool, ...errorResponses },
        },
      },
      async (request, reply) => {
        const companyId = tenantOf(request);
        const { model, identifier, name, is_direct } = request.body;
        await requireModel(ctx, companyId, model);
        const row = await mapConstraintErrors(
          () =>
            ctx.repos.pools.create(companyId, {
              modelId: model,
              code: identifier,
              name,
              isDirect: is_direct,
            }),
          poolCodeTaken,
        );
        return reply.code(201).send(await poolView(companyId, row.id, undefined));
      },
    );

    for (const method of ["patch", "put"] as const) {
      app[method](
        "/cost/pools/:id",
        {
          config: can("update"),
          schema: {
            tags,
            summary: "Change a cost pool",
            security: bearer,
            params: IdParams,
            body: UpdateCostPool,
            response: { 200: CostPool, ...errorResponses },
          },
        },
        async (request) => {
          const companyId = tenantOf(request);
          const { identifier, name, is_direct } = request.body;
          const row = await mapConstraintErrors(
            () =>
              ctx.repos.pools.update(companyId, request.params.id, {
                ...(identifier !== undefined ? { code: identifier } : {}),
                ...(name !== undefined ? { name } : {}),
                ...(is_direct !== undefined ? { isDirect: is_direct } : {}),
              }),
            poolCodeTaken,
          );
          if (!row) throw notFound();
          return poolView(companyId, row.id, undefined);
        },
      );
    }

    app.delete(
      "/cost/pools/:id",
      {
        config: can("delete"),
        schema: {
          tags,
          summary: "Delete a cost pool with its driver values and rules (refused while activities use it)",
          security: bearer,
          params: IdParams,
          response: { 204: NoContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        const deleted = await mapConstraintErrors(
          () => ctx.repos.pools.delete(tenantOf(request), request.params.id),
          {},
        );
        if (!deleted) throw notFound();
        return reply.code(204).send(null);
      },
    );

    // Pool drivers -------------------------------------------------------------------------------
    const driverTags = ["cost pool drivers"];

    app.get(
      "/cost/pool-drivers",
      {
        config: can("read"),
        schema: {
          tags: driverTags,
          summary: "The model's cost-pool drivers",
          security: bearer,
          querystring: PoolDriverListQuery,
          response: { 200: PoolDriverPage, ...errorResponses },
        },
      },
      async (request) => {
        const companyId = tenantOf(request);
        const model = await requireModel(ctx, companyId, request.query.model);
        const page = pageOf(request.query);
        return toPage(
          request,
          await ctx.repos.poolDrivers.list(companyId, model.id, page),
          page,
          toPoolDriver,
        );
      },
    );

    app.get(
      "/cost/pool-drivers/:id",
      {
        config: can("read"),
        schema: {
          tags: driverTags,
          summary: "One cost-pool driver",
          security: bearer,
          params: IdParams,
          response: { 200: PoolDriver, ...errorResponses },
        },
      },
      async (request) => {
        const row = await ctx.repos.poolDrivers.find(tenantOf(request), request.params.id);
        if (!row) throw notFound();
        return toPoolDriver(row);
      },
    );

    app.post(
      "/cost/pool-drivers",
      {
        config: can("create"),
        schema: {
          tags: driverTags,
          summary: "Create a cost-pool driver (one TDABC driver per model, decimal)",
          security: bearer,
          body: CreatePoolDriver,
          response: { 201: PoolDriver, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createPoolDriver(ctx, tenantOf(request), request.body)),
    );

    for (const method of ["patch", "put"] as const) {
      app[method](
        "/cost/pool-drivers/:id",
        {
          config: can("update"),
          schema: {
            tags: driverTags,
            summary: "Change a cost-pool driver",
            security: bearer,
            params: IdParams,
            body: UpdatePoolDriver,
            response: { 200: PoolDriver, ...errorResponses },
          },
        },
        async (request) => updatePoolDriver(ctx, tenantOf(request), request.params.id, request.body),
      );
    }

    app.delete(
      "/cost/pool-drivers/:id",
      {
        config: can("delete"),
        schema: {
          tags: driverTags,
          summary: "Delete a cost-pool driver with its values and the DRIVER rules using it",
          security: bearer,
          params: IdParams,
          response: { 204: NoContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        if (!(await ctx.repos.poolDrivers.delete(tenantOf(request), request.params.id))) throw notFound();
        return reply.code(204).send(null);
      },
    );

    // Driver values ------------------------------------------------------------------------------
    const valueTags = ["cost pool driver values"];

    /** The driver and pool of a value, checked to be of the scenario's model. */
    async function checkValueKey(
      companyId: number,
      modelId: number,
      driverId: number,
      poolId: number,
      at = "",
    ) {
      const driver = await ctx.repos.poolDrivers.find(companyId, driverId);
      if (!driver) throw notFound(`${at}driver`);
      if (driver.modelId !== modelId) throw otherModel(`${at}driver`);
      const pool = await ctx.repos.pools.find(companyId, poolId);
      if (!pool) throw notFound(`${at}pool`);
      if (pool.modelId !== modelId) throw otherModel(`${at}pool`);
    }

    app.get(
      "/cost/pool-driver-values",
      {
        config: can("read"),
        schema: {
          tags: valueTags,
          summary: "The scenario's driver values, optionally of one driver or pool",
          security: bearer,
          querystring: PoolDriverValueListQuery,
          response: { 200: PoolDriverValuePage, ...errorResponses },
        },
      },
      async (request) => {
        const companyId = tenantOf(request);
        const { scenario: scenarioId, driver, pool, ...page } = request.query;
        const scenario = await requireScenario(ctx, companyId, scenarioId);
        const result = await ctx.repos.poolDrivers.listValues(
          companyId,
          scenario.id,
          { driverId: driver, poolId: pool },
          page,
        );
        return toPage(request, result, page, toPoolDriverValue);
      },
    );

    app.post(
      "/cost/pool-driver-values",
      {
        config: can("create"),
        schema: {
          tags: valueTags,
          summary: "Set a driver's value for a pool in a scenario: created (201) or updated (200)",
          security: bearer,
          body: SavePoolDriverValue,
          response: { 200: PoolDriverValue, 201: PoolDriverValue, ...errorResponses },
        },
      },
      async (request, reply) => {
        const companyId = tenantOf(request);
        const scenario = await requireScenario(ctx, companyId, request.body.scenario);
        await checkValueKey(companyId, scenario.modelId, request.body.driver, request.body.pool);
        const { value, created } = await ctx.repos.poolDrivers.upsertValue(companyId, {
          scenarioId: scenario.id,
          driverId: request.body.driver,
          poolId: request.body.pool,
          value: request.body.value,
        });
        return reply.code(created ? 201 : 200).send(toPoolDriverValue(value));
      },
    );

    app.post(
      "/cost/pool-driver-values/bulk",
      {
        config: can("update"),
        schema: {
          tags: valueTags,
          summary: "Set many driver values of a scenario at once (null removes one), all or nothing",
          security: bearer,
          body: BulkPoolDriverValues,
          response: { 200: BulkPoolDriverValuesResult, ...errorResponses },
        },
      },
      async (request) => {
        const companyId = tenantOf(request);
        const scenario = await requireScenario(ctx, companyId, request.body.scenario);
        const values = request.body.values;
        for (const [index, v] of values.entries()) {
          await checkValueKey(companyId, scenario.modelId, v.driver, v.pool, `values.${index}.`);
        }
        return ctx.db.transaction(async (tx) => {
          const results = [];
          let deleted = 0;
          for (const v of values) {
            const key = { scenarioId: scenario.id, driverId: v.driver, poolId: v.pool };
            if (v.value === null) {
              if (await ctx.repos.poolDrivers.deleteValueOf(companyId, key, tx)) deleted++;
            } else {
              const saved = await ctx.repos.poolDrivers.upsertValue(
                companyId,
                { ...key, value: v.value },
                tx,
              );
              results.push(toPoolDriverValue(saved.value));
            }
          }
          return { saved: results.length, deleted, results };
        });
      },
    );

    app.get(
      "/cost/pool-driver-values/:id",
      {
        config: can("read"),
        schema: {
          tags: valueTags,
          summary: "One driver value",
          security: bearer,
          params: IdParams,
          response: { 200: PoolDriverValue, ...errorResponses },
        },
      },
      async (request) => {
        const row = await ctx.repos.poolDrivers.findValue(tenantOf(request), request.params.id);
        if (!row) throw notFound();
        return toPoolDriverValue(row);
      },
    );

    app.patch(
      "/cost/pool-driver-values/:id",
      {
        config: can("update"),
        schema: {
          tags: valueTags,
          summary: "Change a driver value",
          security: bearer,
          params: IdParams,
          body: UpdatePoolDriverValue,
          response: { 200: PoolDriverValue, ...errorResponses },
        },
      },
      async (request) => {
        const row = await ctx.repos.poolDrivers.updateValue(
          tenantOf(request),
          request.params.id,
          request.body.value,
        );
        if (!row) throw notFound();
        return toPoolDriverValue(row);
      },
    );

    app.delete(
      "/cost/pool-driver-values/:id",
      {
        config: can("delete"),
        schema: {
          tags: valueTags,
          summary: "Delete a driver value",
          security: bearer,
          params: IdParams,
          response: { 204: NoContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        if (!(await ctx.repos.poolDrivers.deleteValue(tenantOf(request), request.params.id)))
          throw notFound();
        return reply.code(204).send(null);
      },
    );
  };
}
