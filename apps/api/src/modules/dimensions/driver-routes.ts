import { IdParams } from "@costflow/contract/account";
import {
  CreateDimensionDriver,
  DeleteDimensionDriversQuery,
  DeleteDimensionDriversResult,
  DimensionDriver,
  DimensionDriverListQuery,
  DimensionDriverPage,
  UpdateDimensionDriver,
} from "@costflow/contract/dimensions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { toDriver } from "./dimension-views.ts";
import { listDrivers } from "./list-drivers.ts";
import { createDriver, deleteDimensionDrivers, deleteDriver, updateDriver } from "./save-driver.ts";

const tags = ["dimension drivers"];
const can = (action: "read" | "create" | "update" | "delete") =>
  ({ access: { action, subject: "Data" } }) as const;

/** Drivers of a dimension: dimension/drivers/ (types Date, Text, Decimal, Dimension). */
export function driverRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerDriverReads(app, ctx);
    registerDriverWrites(app, ctx);
    registerDriverDeletes(app, ctx);
  };
}

function registerDriverReads(app: RouteApp, ctx: AppContext) {
  app.get(
    "/dimension/drivers",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The dimension's drivers (in position order unless ordered otherwise)",
        security: bearer,
        querystring: DimensionDriverListQuery,
        response: { 200: DimensionDriverPage, ...errorResponses },
      },
    },
    async (request) => {
      const { data_type, ...query } = request.query;
      const result = await listDrivers(ctx, tenantOf(request), { ...query, dataType: data_type });
      return toPage(request, result, query, toDriver);
    },
  );

  app.get(
    "/dimension/drivers/:id",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "One dimension driver",
        security: bearer,
        params: IdParams,
        response: { 200: DimensionDriver, ...errorResponses },
      },
    },
    async (request) => {
      const row = await ctx.repos.drivers.find(tenantOf(request), request.params.id);
      if (!row) throw notFound();
      return toDriver(row);
    },
  );
}

/** Create and change drivers. */
function registerDriverWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    "/dimension/drivers",
    {
      config: can("create"),
      schema: {
        tags,
        summary:
          "Create a driver (a DIMENSION driver targets another dimension and is named <TARGET_CODE>_ID)",
        security: bearer,
        body: CreateDimensionDriver,
        response: { 201: DimensionDriver, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(toDriver(await createDriver(ctx, tenantOf(request), request.body))),
  );

  for (const method of ["patch", "put"] as const) {
    app[method](
      "/dimension/drivers/:id",
      {
        config: can("update"),
        schema: {
          tags,
          summary: "Change a driver (a new name is carried into every record)",
          security: bearer,
          params: IdParams,
          body: UpdateDimensionDriver,
          response: { 200: DimensionDriver, ...errorResponses },
        },
      },
      async (request) =>
        toDriver(await updateDriver(ctx, tenantOf(request), request.params.id, request.body)),
    );
  }
}

/** Delete one driver, or several. */
function registerDriverDeletes(app: RouteApp, ctx: AppContext) {
  app.delete(
    "/dimension/drivers/:id",
    {
      config: can("delete"),
      schema: {
        tags,
        summary: "Delete a driver and its values in every record",
        security: bearer,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteDriver(ctx, tenantOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    "/dimension/drivers",
    {
      config: can("delete"),
      schema: {
        tags,
        summary:
          "Delete all the dimension's drivers, its _ID relationship drivers included, and its records in every scenario; needs ?confirm=true",
        security: bearer,
        querystring: DeleteDimensionDriversQuery,
        response: { 200: DeleteDimensionDriversResult, ...errorResponses },
      },
    },
    async (request) => deleteDimensionDrivers(ctx, tenantOf(request), request.query),
  );
}
