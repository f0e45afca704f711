import { IdParams } from "@costflow/contract/account";
import {
  BulkPoolDriverValues,
  BulkPoolDriverValuesResult,
  PoolDriverValue,
  PoolDriverValueListQuery,
  PoolDriverValuePage,
  SavePoolDriverValue,
  UpdatePoolDriverValue,
} from "@costflow/contract/cost";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { requireScenario } from "../../lib/data-scope.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { toPoolDriverValue } from "./cost-views.ts";
import { savePoolDriverValue, savePoolDriverValues } from "./save-pool-driver-value.ts";

const can = (action: "read" | "create" | "update" | "delete") =>
  ({ access: { action, subject: "Data" } }) as const;
const valueTags = ["cost pool driver values"];

/** The cost-pool drivers' values per pool and scenario. */
export function poolDriverValueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerPoolDriverValueReads(app, ctx);
    registerPoolDriverValueCreates(app, ctx);
    registerPoolDriverValueItem(app, ctx);
  };
}

function registerPoolDriverValueReads(app: RouteApp, ctx: AppContext) {
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
}

/** One value, or many at once. */
function registerPoolDriverValueCreates(app: RouteApp, ctx: AppContext) {
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
      const { value, created } = await savePoolDriverValue(ctx, tenantOf(request), request.body);
      return reply.code(created ? 201 : 200).send(value);
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
    async (request) => savePoolDriverValues(ctx, tenantOf(request), request.body),
  );
}

/** Read, change and delete one value. */
function registerPoolDriverValueItem(app: RouteApp, ctx: AppContext) {
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
      if (!(await ctx.repos.poolDrivers.deleteValue(tenantOf(request), request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
}
