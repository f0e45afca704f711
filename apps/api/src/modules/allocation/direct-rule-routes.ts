import { IdParams } from "@costflow/contract/account";
import {
  AllocationSourceList,
  CreateDirectAllocation,
  DIRECT_RULE_TYPE_PATHS,
  DirectAllocation,
  DirectAllocationListQuery,
  DirectAllocationPage,
  ScenarioQuery,
  UpdateDirectAllocation,
} from "@costflow/contract/allocation";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { listDirectRuleSources, listDirectRules } from "./list-direct-rules.ts";
import { allocationAccess as can, allocationTags as tags } from "./route-access.ts";
import { readDirectRule, saveDirectRule } from "./save-direct-rule.ts";

const base = "/allocation/direct-cost-pool-percentage-allocations";

/** Step 3: direct cost pool → activity. */
export function directRuleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerDirectRuleReads(app, ctx);
    registerDirectRuleWrites(app, ctx);
  };
}

function registerDirectRuleReads(app: RouteApp, ctx: AppContext) {
  app.get(
    base,
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The scenario's step-3 rules (direct cost pool → activity)",
        security: bearer,
        querystring: DirectAllocationListQuery,
        response: { 200: DirectAllocationPage, ...errorResponses },
      },
    },
    async (request) =>
      toPage(
        request,
        await listDirectRules(ctx, tenantOf(request), request.query),
        request.query,
        (row) => row,
      ),
  );

  app.get(
    `${base}/sources`,
    {
      config: can("read"),
      schema: {
        tags,
        summary: "Each step-3 source pool with its total percentage and state (none when time-driven)",
        security: bearer,
        querystring: ScenarioQuery,
        response: { 200: AllocationSourceList, ...errorResponses },
      },
    },
    async (request) => listDirectRuleSources(ctx, tenantOf(request), request.query.scenario),
  );

  app.get(
    `${base}/:id`,
    {
      config: can("read"),
      schema: {
        tags,
        summary: "One step-3 rule",
        security: bearer,
        params: IdParams,
        response: { 200: DirectAllocation, ...errorResponses },
      },
    },
    async (request) => readDirectRule(ctx, tenantOf(request), request.params.id),
  );
}

function registerDirectRuleWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    base,
    {
      config: can("create"),
      schema: {
        tags,
        summary: "Create a step-3 rule",
        security: bearer,
        body: CreateDirectAllocation,
        response: { 201: DirectAllocation, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await saveDirectRule(ctx, tenantOf(request), request.body)),
  );

  app.patch(
    `${base}/:id`,
    {
      config: can("update"),
      schema: {
        tags,
        summary: "Change a step-3 rule",
        security: bearer,
        params: IdParams,
        body: UpdateDirectAllocation,
        response: { 200: DirectAllocation, ...errorResponses },
      },
    },
    async (request) => saveDirectRule(ctx, tenantOf(request), request.body, request.params.id),
  );

  for (const type of DIRECT_RULE_TYPE_PATHS) {
    app.delete(
      `/allocation/direct-cost-pool-${type}-allocations/:id`,
      {
        config: can("delete"),
        schema: {
          tags,
          summary: "Delete a step-3 rule",
          security: bearer,
          params: IdParams,
          response: { 204: NoContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        if (!(await ctx.repos.allocationRules.deleteDirectRule(tenantOf(request), request.params.id)))
          throw notFound();
        return reply.code(204).send(null);
      },
    );
  }
}
