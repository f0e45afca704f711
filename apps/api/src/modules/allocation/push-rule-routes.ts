import { IdParams } from "@costflow/contract/account";
import {
  CalculatedDriverAllocation,
  CalculatedDriverAllocationListQuery,
  CalculatedDriverAllocationPage,
  CreateCalculatedDriverAllocation,
  CreateDimensionAllocation,
  DimensionAllocation,
  DimensionAllocationListQuery,
  DimensionAllocationPage,
  Step6SourcePage,
  Step6SourceQuery,
  UpdateCalculatedDriverAllocation,
  UpdateDimensionAllocation,
} from "@costflow/contract/allocation";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { listPushSources } from "./list-push-sources.ts";
import { findScenario } from "./open-scenario.ts";
import { allocationAccess as can, allocationTags as tags } from "./route-access.ts";
import { toCalculatedDriverRule, toDimensionRule } from "./rule-views.ts";
import { type PushInput, readPushRule, savePushRule } from "./save-push-rule.ts";

const five = "/allocation/dimension-allocations";
const fromFive = ({ source_activity, ...rest }: Partial<CreateDimensionAllocation>): PushInput => ({
  ...rest,
  source: source_activity,
});
const six = "/allocation/calculated-driver-allocations";
const fromSix = ({ source_driver, ...rest }: Partial<CreateCalculatedDriverAllocation>): PushInput => ({
  ...rest,
  source: source_driver,
});

/** Step 5 (dimension-allocations) and step 6 (calculated-driver-allocations): parent → child pushes. */
export function pushRuleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerStepFiveReads(app, ctx);
    registerStepFiveWrites(app, ctx);
    registerStepSixReads(app, ctx);
    registerStepSixWrites(app, ctx);
  };
}

/** Step 5: an activity's cost pushed from a parent to a child dimension. */
function registerStepFiveReads(app: RouteApp, ctx: AppContext) {
  app.get(
    five,
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The scenario's step-5 rules (an activity's cost pushed from parent to child dimension)",
        security: bearer,
        querystring: DimensionAllocationListQuery,
        response: { 200: DimensionAllocationPage, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const { scenario, ...paging } = request.query;
      await findScenario(ctx, companyId, scenario);
      const result = await ctx.repos.allocationRules.listPushRules(5, companyId, scenario, paging);
      return toPage(request, result, paging, toDimensionRule);
    },
  );

  app.get(
    `${five}/:id`,
    {
      config: can("read"),
      schema: {
        tags,
        summary: "One step-5 rule",
        security: bearer,
        params: IdParams,
        response: { 200: DimensionAllocation, ...errorResponses },
      },
    },
    async (request) => readPushRule(ctx, tenantOf(request), 5, request.params.id),
  );
}

function registerStepFiveWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    five,
    {
      config: can("create"),
      schema: {
        tags,
        summary: "Create a step-5 rule (equation NOT_ALLOCATE by default)",
        security: bearer,
        body: CreateDimensionAllocation,
        response: { 201: DimensionAllocation, ...errorResponses },
      },
    },
    async (request, reply) => {
      const companyId = tenantOf(request);
      const id = await savePushRule(ctx, companyId, 5, fromFive(request.body));
      return reply.code(201).send(await readPushRule(ctx, companyId, 5, id));
    },
  );

  app.patch(
    `${five}/:id`,
    {
      config: can("update"),
      schema: {
        tags,
        summary: "Change a step-5 rule: equation NOT_ALLOCATE, EVEN, DRIVER:{driver} or a formula",
        security: bearer,
        params: IdParams,
        body: UpdateDimensionAllocation,
        response: { 200: DimensionAllocation, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const id = await savePushRule(ctx, companyId, 5, fromFive(request.body), request.params.id);
      return readPushRule(ctx, companyId, 5, id);
    },
  );

  app.delete(
    `${five}/:id`,
    {
      config: can("delete"),
      schema: {
        tags,
        summary: "Delete a step-5 rule",
        security: bearer,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await ctx.repos.allocationRules.deletePushRule(5, tenantOf(request), request.params.id)))
        throw notFound();
      return reply.code(204).send(null);
    },
  );
}

/** Step 6: a calculated driver's cost pushed from a parent to a child dimension. */
function registerStepSixReads(app: RouteApp, ctx: AppContext) {
  app.get(
    six,
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The scenario's step-6 rules (calculated-driver values pushed from parent to child)",
        security: bearer,
        querystring: CalculatedDriverAllocationListQuery,
        response: { 200: CalculatedDriverAllocationPage, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const { scenario, ...paging } = request.query;
      await findScenario(ctx, companyId, scenario);
      const result = await ctx.repos.allocationRules.listPushRules(6, companyId, scenario, paging);
      return toPage(request, result, paging, toCalculatedDriverRule);
    },
  );

  app.get(
    `${six}/sources`,
    {
      config: can("read"),
      schema: {
        tags,
        summary:
          "The calculated drivers a step-6 rule from dimension `parent` may push: defined there, or brought there by an earlier push",
        security: bearer,
        querystring: Step6SourceQuery,
        response: { 200: Step6SourcePage, ...errorResponses },
      },
    },
    async (request) =>
      toPage(
        request,
        await listPushSources(ctx, tenantOf(request), request.query),
        request.query,
        (row) => row,
      ),
  );

  app.get(
    `${six}/:id`,
    {
      config: can("read"),
      schema: {
        tags,
        summary: "One step-6 rule",
        security: bearer,
        params: IdParams,
        response: { 200: CalculatedDriverAllocation, ...errorResponses },
      },
    },
    async (request) => readPushRule(ctx, tenantOf(request), 6, request.params.id),
  );
}

function registerStepSixWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    six,
    {
      config: can("create"),
      schema: {
        tags,
        summary: "Create a step-6 rule (source_parent defaults to the driver's dimension)",
        security: bearer,
        body: CreateCalculatedDriverAllocation,
        response: { 201: CalculatedDriverAllocation, ...errorResponses },
      },
    },
    async (request, reply) => {
      const companyId = tenantOf(request);
      const id = await savePushRule(ctx, companyId, 6, fromSix(request.body));
      return reply.code(201).send(await readPushRule(ctx, companyId, 6, id));
    },
  );

  app.patch(
    `${six}/:id`,
    {
      config: can("update"),
      schema: {
        tags,
        summary: "Change a step-6 rule: equation EVEN, NOT_ALLOCATE, DRIVER:{driver} or a formula",
        security: bearer,
        params: IdParams,
        body: UpdateCalculatedDriverAllocation,
        response: { 200: CalculatedDriverAllocation, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const id = await savePushRule(ctx, companyId, 6, fromSix(request.body), request.params.id);
      return readPushRule(ctx, companyId, 6, id);
    },
  );

  app.delete(
    `${six}/:id`,
    {
      config: can("delete"),
      schema: {
        tags,
        summary: "Delete a step-6 rule",
        security: bearer,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await ctx.repos.allocationRules.deletePushRule(6, tenantOf(request), request.params.id)))
        throw notFound();
      return reply.code(204).send(null);
    },
  );
}
