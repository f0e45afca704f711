import { IdParams } from "@costflow/contract/account";
import {
  AccountAllocation,
  AccountAllocationPage,
  AllocationSourceList,
  CostPoolAllocation,
  CostPoolAllocationPage,
  CreateDriverRule,
  CreatePercentageRule,
  GenerateSecondStep,
  GenerateSecondStepResult,
  RULE_TYPE_PATHS,
  ScenarioQuery,
  SourceRuleListQuery,
  UpdateDriverRule,
  UpdatePercentageRule,
} from "@costflow/contract/allocation";
import type { SourceRuleStep } from "@costflow/db/repositories/allocation-rules";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { generateSecondStep } from "./generate-second-step.ts";
import { listSourceRuleSources, listSourceRules } from "./list-source-rules.ts";
import { allocationAccess as can, allocationTags as tags } from "./route-access.ts";
import { readSourceRule, saveSourceRule } from "./save-source-rule.ts";

// Step 1 (account-allocations, account-{type}-allocations) and step 2 (cost-pool-allocations,
// indirect-cost-pool-{type}-allocations), whose rules share one shape.
const STEPS = [
  {
    step: 1,
    list: "account-allocations",
    save: "account",
    item: AccountAllocation,
    page: AccountAllocationPage,
  },
  {
    step: 2,
    list: "cost-pool-allocations",
    save: "indirect-cost-pool",
    item: CostPoolAllocation,
    page: CostPoolAllocationPage,
  },
] as const;

type StepRoutes = (typeof STEPS)[number];

/** What a summary calls the rules of a step. */
const rulesOf = (step: StepRoutes["step"]) =>
  step === 1 ? "step-1 rules (financial account → cost pool)" : "step-2 rules (indirect pool → pool)";

export function sourceRuleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const routes of STEPS) {
      registerSourceRuleReads(app, ctx, routes);
      registerSourceRuleWrites(app, ctx, routes);
    }
    registerSecondStepGeneration(app, ctx);
  };
}

/** A step's rules, the sources they allocate with their totals, one rule. */
function registerSourceRuleReads(app: RouteApp, ctx: AppContext, { step, list, item, page }: StepRoutes) {
  const what = rulesOf(step);
  app.get(
    `/allocation/${list}`,
    {
      config: can("read"),
      schema: {
        tags,
        summary: `The scenario's ${what}`,
        security: bearer,
        querystring: SourceRuleListQuery,
        response: { 200: page, ...errorResponses },
      },
    },
    async (request) =>
      toPage(
        request,
        await listSourceRules(ctx, tenantOf(request), step, request.query),
        request.query,
        (row) => row,
      ),
  );

  app.get(
    `/allocation/${list}/sources`,
    {
      config: can("read"),
      schema: {
        tags,
        summary: `Each source of the ${what} with its total percentage and state`,
        security: bearer,
        querystring: ScenarioQuery,
        response: { 200: AllocationSourceList, ...errorResponses },
      },
    },
    async (request) => listSourceRuleSources(ctx, tenantOf(request), step, request.query.scenario),
  );

  app.get(
    `/allocation/${list}/:id`,
    {
      config: can("read"),
      schema: {
        tags,
        summary: `One of the ${what}`,
        security: bearer,
        params: IdParams,
        response: { 200: item, ...errorResponses },
      },
    },
    async (request) => readSourceRule(ctx, tenantOf(request), step, request.params.id),
  );
}

/** Delete a rule of a step; create or change one of each rule type. */
function registerSourceRuleWrites(app: RouteApp, ctx: AppContext, { step, list, save, item }: StepRoutes) {
  const what = rulesOf(step);
  app.delete(
    `/allocation/${list}/:id`,
    {
      config: can("delete"),
      schema: {
        tags,
        summary: `Delete one of the ${what}`,
        security: bearer,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await ctx.repos.allocationRules.deleteSourceRule(step, tenantOf(request), request.params.id)))
        throw notFound();
      return reply.code(204).send(null);
    },
  );

  for (const [path, type] of Object.entries(RULE_TYPE_PATHS)) {
    const driver = type === "DRIVER";
    app.post(
      `/allocation/${save}-${path}-allocations`,
      {
        config: can("create"),
        schema: {
          tags,
          summary: `Create a ${type} rule of the ${what}`,
          security: bearer,
          body: driver ? CreateDriverRule : CreatePercentageRule,
          response: { 201: item, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await saveSourceRule(ctx, tenantOf(request), step as SourceRuleStep, type, request.body)),
    );
    app.patch(
      `/allocation/${save}-${path}-allocations/:id`,
      {
        config: can("update"),
        schema: {
          tags,
          summary: `Change a rule of the ${what}; it becomes a ${type} rule`,
          security: bearer,
          params: IdParams,
          body: driver ? UpdateDriverRule : UpdatePercentageRule,
          response: { 200: item, ...errorResponses },
        },
      },
      async (request) => saveSourceRule(ctx, tenantOf(request), step, type, request.body, request.params.id),
    );
  }
}

function registerSecondStepGeneration(app: RouteApp, ctx: AppContext) {
  app.post(
    "/allocation/cost-pool-allocations/generate",
    {
      config: can("create"),
      schema: {
        tags,
        summary: "Generate new second-step allocations (replaces every step-2 rule of the scenario)",
        security: bearer,
        body: GenerateSecondStep,
        response: { 200: GenerateSecondStepResult, ...errorResponses },
      },
    },
    async (request) => generateSecondStep(ctx, tenantOf(request), request.body),
  );
}
