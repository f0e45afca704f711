import { IdParams } from "@costflow/contract/account";
import { ModelQuery } from "@costflow/contract/cost";
import {
  CreateDimension,
  Dimension,
  DimensionLabels,
  DimensionListQuery,
  DimensionPage,
  DimensionsPageData,
  DimensionsPageDataQuery,
  UpdateDimension,
} from "@costflow/contract/dimensions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { pageOf, requireModel } from "../../lib/data-scope.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { toDimension } from "./dimension-views.ts";
import { getDimensionsPageData } from "./get-dimensions-page-data.ts";
import { listDimensionLabels } from "./list-dimension-labels.ts";
import { createDimension, deleteDimension, updateDimension } from "./save-dimension.ts";

const tags = ["dimensions"];
const can = (action: "read" | "create" | "update" | "delete") =>
  ({ access: { action, subject: "Data" } }) as const;

/** Dimensions of a model (docs/data-api.md, "Dimensions and drivers"). */
export function dimensionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerDimensionPageData(app, ctx);
    registerDimensionReads(app, ctx);
    registerDimensionWrites(app, ctx);
  };
}

/** The dimensions page's data and labels. */
function registerDimensionPageData(app: RouteApp, ctx: AppContext) {
  app.get(
    "/dimensions/get-dimensions-page-data",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The model's dimension tree with drivers (and, with ?scenario, record counts)",
        security: bearer,
        querystring: DimensionsPageDataQuery,
        response: { 200: DimensionsPageData, ...errorResponses },
      },
    },
    async (request) => getDimensionsPageData(ctx, tenantOf(request), request.query),
  );

  app.get(
    "/dimensions/get-labels",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "Column labels of the model's dimensions and their drivers, with ids",
        security: bearer,
        querystring: ModelQuery,
        response: { 200: DimensionLabels, ...errorResponses },
      },
    },
    async (request) => listDimensionLabels(ctx, tenantOf(request), request.query.model),
  );
}

function registerDimensionReads(app: RouteApp, ctx: AppContext) {
  app.get(
    "/dimensions",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The model's dimensions",
        security: bearer,
        querystring: DimensionListQuery,
        response: { 200: DimensionPage, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const model = await requireModel(ctx, companyId, request.query.model);
      const page = pageOf(request.query);
      return toPage(request, await ctx.repos.dimensions.list(companyId, model.id, page), page, toDimension);
    },
  );

  app.get(
    "/dimensions/:id",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "One dimension",
        security: bearer,
        params: IdParams,
        response: { 200: Dimension, ...errorResponses },
      },
    },
    async (request) => {
      const row = await ctx.repos.dimensions.find(tenantOf(request), request.params.id);
      if (!row) throw notFound();
      return toDimension(row);
    },
  );
}

function registerDimensionWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    "/dimensions",
    {
      config: can("create"),
      schema: {
        tags,
        summary: "Create a dimension (with a parent, the child gets the driver <PARENT_CODE>_ID)",
        security: bearer,
        body: CreateDimension,
        response: { 201: Dimension, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(toDimension(await createDimension(ctx, tenantOf(request), request.body))),
  );

  for (const method of ["patch", "put"] as const) {
    app[method](
      "/dimensions/:id",
      {
        config: can("update"),
        schema: {
          tags,
          summary: "Change a dimension's title, code or parent",
          security: bearer,
          params: IdParams,
          body: UpdateDimension,
          response: { 200: Dimension, ...errorResponses },
        },
      },
      async (request) =>
        toDimension(await updateDimension(ctx, tenantOf(request), request.params.id, request.body)),
    );
  }

  app.delete(
    "/dimensions/:id",
    {
      config: can("delete"),
      schema: {
        tags,
        summary:
          "Delete a dimension with its drivers, records and calculated drivers (children become roots)",
        security: bearer,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteDimension(ctx, tenantOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
