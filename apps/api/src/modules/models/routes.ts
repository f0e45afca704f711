import { IdParams } from "@costflow/contract/account";
import {
  CreatedModel,
  CreateModel,
  CreateScenario,
  DuplicatedScenarios,
  DuplicateScenario,
  Model,
  ModelListQuery,
  ModelPage,
  Scenario,
  ScenarioListQuery,
  ScenarioPage,
  UpdateModel,
  UpdateScenario,
} from "@costflow/contract/models";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { authOf, tenantOf } from "../../plugins/access.ts";
import { modelIoRoutes } from "../model-io/routes.ts";
import { createModel } from "./create-model.ts";
import { duplicateScenarios } from "./duplicate-scenarios.ts";
import { toModel, toScenario } from "./model-views.ts";
import { createScenario, updateScenario } from "./scenario-services.ts";

const can = (action: "read" | "create" | "update" | "delete", subject: "Model" | "Scenario") =>
  ({ access: { action, subject } }) as const;
const modelTags = ["models"];
const scenarioTags = ["scenarios"];

/** Models and scenarios of the caller's company (tenantOf): other companies' ids answer 404. */
export function modelRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Import, export and templates of whole models.
    await app.register(modelIoRoutes(ctx));
    registerModelReads(app, ctx);
    registerModelCreate(app, ctx);
    registerModelItem(app, ctx);
    registerScenarioCollection(app, ctx);
    registerScenarioItem(app, ctx);
  };
}

function registerModelReads(app: RouteApp, ctx: AppContext) {
  const models = ctx.repos.models;

  app.get(
    "/models",
    {
      config: can("read", "Model"),
      schema: {
        tags: modelTags,
        summary: "The company's models",
        security: bearer,
        querystring: ModelListQuery,
        response: { 200: ModelPage, ...errorResponses },
      },
    },
    async (request) => {
      const { search, ...page } = request.query;
      const result = await models.listModels(tenantOf(request), { search }, page);
      return toPage(request, result, page, toModel);
    },
  );
}

function registerModelCreate(app: RouteApp, ctx: AppContext) {
  app.post(
    "/models",
    {
      config: can("create", "Model"),
      schema: {
        tags: modelTags,
        summary: "Create a blank model, or one from a template (with its data, rules and a scenario)",
        security: bearer,
        body: CreateModel,
        response: { 201: CreatedModel, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = { companyId: tenantOf(request), userId: authOf(request).user.id };
      return reply.code(201).send(await createModel(ctx, caller, request.body));
    },
  );
}

/** Read, rename and delete one model. */
function registerModelItem(app: RouteApp, ctx: AppContext) {
  const models = ctx.repos.models;

  app.get(
    "/models/:id",
    {
      config: can("read", "Model"),
      schema: {
        tags: modelTags,
        summary: "One model",
        security: bearer,
        params: IdParams,
        response: { 200: Model, ...errorResponses },
      },
    },
    async (request) => {
      const row = await models.findModel(tenantOf(request), request.params.id);
      if (!row) throw notFound();
      return toModel(row);
    },
  );

  app.patch(
    "/models/:id",
    {
      config: can("update", "Model"),
      schema: {
        tags: modelTags,
        summary: "Rename a model or change its short description",
        security: bearer,
        params: IdParams,
        body: UpdateModel,
        response: { 200: Model, ...errorResponses },
      },
    },
    async (request) => {
      const row = await models.updateModel(tenantOf(request), request.params.id, {
        name: request.body.name,
        shortDescription: request.body.short_description,
      });
      if (!row) throw notFound();
      return toModel(row);
    },
  );

  app.delete(
    "/models/:id",
    {
      config: can("delete", "Model"),
      schema: {
        tags: modelTags,
        summary: "Delete a model and its scenarios",
        security: bearer,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await models.deleteModel(tenantOf(request), request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
}

/** List the scenarios, create one, or duplicate one. */
function registerScenarioCollection(app: RouteApp, ctx: AppContext) {
  const models = ctx.repos.models;

  app.get(
    "/model/scenarios",
    {
      config: can("read", "Scenario"),
      schema: {
        tags: scenarioTags,
        summary: "The company's scenarios, or those of one model",
        security: bearer,
        querystring: ScenarioListQuery,
        response: { 200: ScenarioPage, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const { model, ...page } = request.query;
      if (model !== undefined && !(await models.findModel(companyId, model))) throw notFound("model");
      const result = await models.listScenarios(companyId, { modelId: model }, page);
      return toPage(request, result, page, toScenario);
    },
  );

  app.post(
    "/model/scenarios",
    {
      config: can("create", "Scenario"),
      schema: {
        tags: scenarioTags,
        summary: "Create a scenario in a model",
        security: bearer,
        body: CreateScenario,
        response: { 201: Scenario, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createScenario(ctx, tenantOf(request), request.body)),
  );

  app.post(
    "/model/scenarios/duplicate",
    {
      config: can("create", "Scenario"),
      schema: {
        tags: scenarioTags,
        summary: "Duplicate scenarios with their data and the rule sets of the chosen steps",
        security: bearer,
        body: DuplicateScenario,
        response: { 201: DuplicatedScenarios, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ results: await duplicateScenarios(ctx, tenantOf(request), request.body) }),
  );
}

/** Read, change and delete one scenario. */
function registerScenarioItem(app: RouteApp, ctx: AppContext) {
  const models = ctx.repos.models;

  app.get(
    "/model/scenarios/:id",
    {
      config: can("read", "Scenario"),
      schema: {
        tags: scenarioTags,
        summary: "One scenario",
        security: bearer,
        params: IdParams,
        response: { 200: Scenario, ...errorResponses },
      },
    },
    async (request) => {
      const row = await models.findScenario(tenantOf(request), request.params.id);
      if (!row) throw notFound();
      return toScenario(row);
    },
  );

  app.patch(
    "/model/scenarios/:id",
    {
      config: can("update", "Scenario"),
      schema: {
        tags: scenarioTags,
        summary: "Change a scenario",
        security: bearer,
        params: IdParams,
        body: UpdateScenario,
        response: { 200: Scenario, ...errorResponses },
      },
    },
    async (request) => updateScenario(ctx, tenantOf(request), request.params.id, request.body),
  );

  app.delete(
    "/model/scenarios/:id",
    {
      config: can("delete", "Scenario"),
      schema: {
        tags: scenarioTags,
        summary: "Delete a scenario",
        security: bearer,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await models.deleteScenario(tenantOf(request), request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
}
