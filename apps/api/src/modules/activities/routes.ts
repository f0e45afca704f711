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
import { fieldError, notFound } from "../../lib/app-error.ts";
import { otherModel, pageOf, requireModel } from "../../lib/data-scope.ts";
import { toPage } from "../../lib/pagination.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { createActivity, toActivity, updateActivity } from "./save-activity.ts";

/** Activities of a model (docs/data-api.md, "Activities"). */
export function activityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["activities"];
    const can = (action: "read" | "create" | "update" | "delete") =>
      ({ access: { action, subject: "Data" } }) as const;

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
      async (request) => {
        const companyId = tenantOf(request);
        const activity = await ctx.repos.activities.find(companyId, request.params.id);
        if (!activity) throw notFound();
        const impact = await ctx.repos.activities.deleteImpact(companyId, activity);
        return {
          activity: activity.id,
          step3_rules: impact.step3,
          step4_rules: impact.step4,
          step5_rules: impact.step5,
          pnl_lines: impact.pnlLines,
          scenarios: impact.scenarios,
        };
      },
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
        const companyId = tenantOf(request);
        if (!(await ctx.repos.activities.find(companyId, request.params.id))) throw notFound();
        // The call takes no parameter (docs/data-api.md, "Activities"): the UI's dialog confirms.
        // Only an explicit confirm=false holds the delete back.
        if (request.query.confirm === false)
          throw fieldError("VALIDATION_ERROR", "confirm", "confirm_required");
        const deleted = await ctx.db.transaction((tx) =>
          ctx.repos.activities.delete(companyId, request.params.id, tx),
        );
        if (!deleted) throw notFound();
        return reply.code(204).send(null);
      },
    );
  };
}
