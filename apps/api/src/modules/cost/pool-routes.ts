import { IdParams } from "@costflow/contract/account";
import {
  CostPool,
  CostPoolListQuery,
  CostPoolPage,
  CreateCostPool,
  OptionalScenarioQuery,
  UpdateCostPool,
} from "@costflow/contract/cost";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { pageOf } from "../../lib/data-scope.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { deletePool } from "./delete-pool.ts";
import { getPool } from "./get-pool.ts";
import { listPools } from "./list-pools.ts";
import { createPool, updatePool } from "./save-pool.ts";

const can = (action: "read" | "create" | "update" | "delete") =>
  ({ access: { action, subject: "Data" } }) as const;
const tags = ["cost pools"];

/** Cost pools of a model, with every driver of the model and, in a scenario, their values. */
export function poolRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerPoolReads(app, ctx);
    registerPoolWrites(app, ctx);
  };
}

function registerPoolReads(app: RouteApp, ctx: AppContext) {
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
    async (request) =>
      toPage(
        request,
        await listPools(ctx, tenantOf(request), request.query),
        pageOf(request.query),
        (pool) => pool,
      ),
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
    async (request) =>
      getPool(ctx, tenantOf(request), { id: request.params.id, scenario: request.query.scenario }),
  );
}

function registerPoolWrites(app: RouteApp, ctx: AppContext) {
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
    async (request, reply) => reply.code(201).send(await createPool(ctx, tenantOf(request), request.body)),
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
      async (request) => updatePool(ctx, tenantOf(request), request.params.id, request.body),
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
      await deletePool(ctx, tenantOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
