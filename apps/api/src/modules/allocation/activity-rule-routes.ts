import { IdParams } from "@costflow/contract/account";
import {
  ActivityAllocation,
  ActivityAllocationListQuery,
  ActivityAllocationPage,
  CreateActivityAllocation,
  UpdateActivityAllocation,
} from "@costflow/contract/allocation";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { findScenario } from "./open-scenario.ts";
import { allocationAccess as can, allocationTags as tags } from "./route-access.ts";
import { toActivityRule } from "./rule-views.ts";
import { saveActivityRule } from "./save-activity-rule.ts";

const base = "/allocation/activity-allocations";

/** Step 4: activity → dimension. */
export function activityRuleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerActivityRuleReads(app, ctx);
    registerActivityRuleWrites(app, ctx);
  };
}

function registerActivityRuleReads(app: RouteApp, ctx: AppContext) {
  app.get(
    base,
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The scenario's step-4 rules (activity → dimension)",
        security: bearer,
        querystring: ActivityAllocationListQuery,
        response: { 200: ActivityAllocationPage, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const { scenario, ...paging } = request.query;
      await findScenario(ctx, companyId, scenario);
      const result = await ctx.repos.allocationRules.listActivityRules(companyId, scenario, paging);
      return toPage(request, result, paging, toActivityRule);
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: can("read"),
      schema: {
        tags,
        summary: "One step-4 rule",
        security: bearer,
        params: IdParams,
        response: { 200: ActivityAllocation, ...errorResponses },
      },
    },
    async (request) => {
      const row = await ctx.repos.allocationRules.findActivityRule(tenantOf(request), request.params.id);
      if (!row) throw notFound();
      return toActivityRule(row);
    },
  );
}

function registerActivityRuleWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    base,
    {
      config: can("create"),
      schema: {
        tags,
        summary: "Create the step-4 rule of an activity (one per activity and scenario)",
        security: bearer,
        body: CreateActivityAllocation,
        response: { 201: ActivityAllocation, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await saveActivityRule(ctx, tenantOf(request), request.body)),
  );

  app.patch(
    `${base}/:id`,
    {
      config: can("update"),
      schema: {
        tags,
        summary: "Change a step-4 rule",
        security: bearer,
        params: IdParams,
        body: UpdateActivityAllocation,
        response: { 200: ActivityAllocation, ...errorResponses },
      },
    },
    async (request) => saveActivityRule(ctx, tenantOf(request), request.body, request.params.id),
  );

  app.delete(
    `${base}/:id`,
    {
      config: can("delete"),
      schema: {
        tags,
        summary: "Delete a step-4 rule",
        security: bearer,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await ctx.repos.allocationRules.deleteActivityRule(tenantOf(request), request.params.id)))
        throw notFound();
      return reply.code(204).send(null);
    },
  );
}
