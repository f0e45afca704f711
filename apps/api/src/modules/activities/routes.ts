import { IdParams } from "@costflow/contract/account";
import {
  Activity,
  ActivityDeleteImpact,
  ActivityListQuery,
  ActivityPage,
  CreateActivity,
  CreateActivityQuery,
  DeleteActivityQuery,
  UpdateActivity,
} from "@costflow/contract/activities";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { otherModel, pageOf, requireModel } from "../../lib/data-scope.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { deleteActivity, getActivityDeleteImpact } from "./delete-activity.ts";
import { createActivity, toActivity, updateActivity } from "./save-activity.ts";

const tags = ["activities"];
const can = (action: "read" | "create" | "update" | "delete") =>
  ({ access: { action, subject: "Data" } }) as const;

/** Activities of a model (docs/data-api.md, "Activities"). */
export function activityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerActivityReads(app, ctx);
    registerActivityWrites(app, ctx);
    registerActivityDelete(app, ctx);
  };
}

function registerActivityReads(app: RouteApp, ctx: AppContext) {
  app.get(
    "/activities",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The model's activities",
        security: bearer,
        querystring: ActivityListQuery,
        response: { 200: ActivityPage, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const { model: modelId, search, is_tdabc, costpool } = request.query;
      const model = await requireModel(ctx, companyId, modelId);
      const page = pageOf(request.query);
      const result = await ctx.repos.activities.list(
        companyId,
        model.id,
        { search, isTdabc: is_tdabc, costPoolId: costpool },
        page,
      );
      return toPage(request, result, page, toActivity);
    },
  );

  app.get(
    "/activities/:id",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "One activity",
        security: bearer,
        params: IdParams,
        response: { 200: Activity, ...errorResponses },
      },
    },
    async (request) => {
      const row = await ctx.repos.activities.find(tenantOf(request), request.params.id);
      if (!row) throw notFound();
      return toActivity(row);
    },
  );
}

/** Create and change activities. */
function registerActivityWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    "/activities",
    {
      config: can("create"),
      schema: {
        tags,
        summary: "Create an activity (is_tdabc defaults to false; code made from the name when absent)",
        security: bearer,
        querystring: CreateActivityQuery,
        body: CreateActivity,
        response: { 201: Activity, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (request.query.model !== undefined && request.query.model !== request.body.model) {
        throw otherModel("model");
      }
      return reply.code(201).send(await createActivity(ctx, tenantOf(request), request.body));
    },
  );

  for (const method of ["patch", "put"] as const) {
    app[method](
      "/activities/:id",
      {
        config: can("update"),
        schema: {
          tags,
          summary: "Change an activity",
          security: bearer,
          params: IdParams,
          body: UpdateActivity,
          response: { 200: Activity, ...errorResponses },
        },
      },
      async (request) => updateActivity(ctx, tenantOf(request), request.params.id, request.body),
    );
  }
}

/** What deleting an activity would take with it, and the delete. */
function registerActivityDelete(app: RouteApp, ctx: AppContext) {
  app.get(
    "/activities/:id/delete-impact",
    {
      config: can("read"),
      schema: {
        tags,
        summary:
          "What deleting the activity would remove (rules of steps 3-5, P&L lines), for the confirmation",
        security: bearer,
        params: IdParams,
        response: { 200: ActivityDeleteImpact, ...errorResponses },
      },
    },
    async (request) => getActivityDeleteImpact(ctx, tenantOf(request), request.params.id),
  );

  app.delete(
    "/activities/:id",
    {
      config: can("delete"),
      schema: {
        tags,
        summary:
          "Delete an activity with its rules of every step and its P&L lines in every scenario of the model (?confirm=false refuses)",
        security: bearer,
        params: IdParams,
        querystring: DeleteActivityQuery,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteActivity(ctx, tenantOf(request), {
        id: request.params.id,
        confirm: request.query.confirm,
      });
      return reply.code(204).send(null);
    },
  );
}
