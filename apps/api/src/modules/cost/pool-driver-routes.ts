import { IdParams } from "@costflow/contract/account";
import {
  CreatePoolDriver,
  PoolDriver,
  PoolDriverListQuery,
  PoolDriverPage,
  UpdatePoolDriver,
} from "@costflow/contract/cost";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { pageOf, requireModel } from "../../lib/data-scope.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { toPoolDriver } from "./cost-views.ts";
import { createPoolDriver, updatePoolDriver } from "./save-pool-driver.ts";

const can = (action: "read" | "create" | "update" | "delete") =>
  ({ access: { action, subject: "Data" } }) as const;
const driverTags = ["cost pool drivers"];

/** Cost-pool drivers of a model (one TDABC driver per model). */
export function poolDriverRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerPoolDriverReads(app, ctx);
    registerPoolDriverWrites(app, ctx);
  };
}

function registerPoolDriverReads(app: RouteApp, ctx: AppContext) {
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
      return toPage(request, await ctx.repos.poolDrivers.list(companyId, model.id, page), page, toPoolDriver);
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
}

function registerPoolDriverWrites(app: RouteApp, ctx: AppContext) {
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
}
