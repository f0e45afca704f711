import { IdParams } from "@costflow/contract/account";
import {
  AccountListQuery,
  AccountPage,
  AccountTablePage,
  AccountTableQuery,
  AccountValue,
  AccountValueListQuery,
  AccountValuePage,
  AmountSum,
  FinancialAccount,
  ModelQuery,
  ModelScenarioQuery,
  SaveAccountValue,
  SaveFinancialAccount,
  ScenarioQuery,
  UpdateAccountValue,
} from "@costflow/contract/cost";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { pageOf, requireModel, requireScenario } from "../../lib/data-scope.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { accountTemplateCsv, sendCsv } from "./account-files.ts";
import { toAccount, toAccountValue, toNumber } from "./cost-views.ts";
import { getAccountDataFile } from "./get-account-data-file.ts";
import { getAccountTable } from "./get-account-table.ts";
import { listAccountValues } from "./list-account-values.ts";
import { createAccount, updateAccount } from "./save-account.ts";
import { saveAccountValue } from "./save-account-value.ts";

const tags = ["financial accounts"];
const can = (action: "read" | "create" | "update" | "delete") =>
  ({ access: { action, subject: "Data" } }) as const;
const valueTags = ["account values"];

/** Financial accounts of a model and their values per scenario (docs/data-api.md, "Cost"). */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerAccountTable(app, ctx);
    registerAccountReads(app, ctx);
    registerAccountWrites(app, ctx);
    registerAccountValueReads(app, ctx);
    registerAccountValueWrites(app, ctx);
  };
}

/** The accounts as a table with their amounts, the total, and the CSV files. */
function registerAccountTable(app: RouteApp, ctx: AppContext) {
  app.get(
    "/cost/financial-accounts/get-table",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The accounts of the scenario's model with their amounts in the scenario",
        security: bearer,
        querystring: AccountTableQuery,
        response: { 200: AccountTablePage, ...errorResponses },
      },
    },
    async (request) =>
      toPage(
        request,
        await getAccountTable(ctx, tenantOf(request), request.query),
        pageOf(request.query),
        (row) => row,
      ),
  );

  app.get(
    "/cost/financial-accounts/get-amount-sum",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "Total of the scenario's account values",
        security: bearer,
        querystring: ScenarioQuery,
        response: { 200: AmountSum, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const scenario = await requireScenario(ctx, companyId, request.query.scenario);
      return { total: toNumber(await ctx.repos.accounts.amountSum(companyId, scenario.id)) };
    },
  );

  app.get(
    "/cost/financial-accounts/get-template-file",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "CSV template of the accounts upload (account_code, name, expense_group)",
        security: bearer,
        querystring: ModelQuery,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      await requireModel(ctx, tenantOf(request), request.query.model);
      return sendCsv(reply, "financial-accounts-template.csv", accountTemplateCsv());
    },
  );

  app.get(
    "/cost/financial-accounts/get-data-file",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "CSV of the model's accounts with their amounts in the scenario",
        security: bearer,
        querystring: ModelScenarioQuery,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await getAccountDataFile(ctx, tenantOf(request), request.query);
      return sendCsv(reply, fileName, csv);
    },
  );
}

function registerAccountReads(app: RouteApp, ctx: AppContext) {
  app.get(
    "/cost/financial-accounts",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The model's accounts",
        security: bearer,
        querystring: AccountListQuery,
        response: { 200: AccountPage, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = tenantOf(request);
      const model = await requireModel(ctx, companyId, request.query.model);
      const page = pageOf(request.query);
      const result = await ctx.repos.accounts.list(
        companyId,
        model.id,
        { search: request.query.search },
        page,
      );
      return toPage(request, result, page, toAccount);
    },
  );

  app.get(
    "/cost/financial-accounts/:id",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "One account",
        security: bearer,
        params: IdParams,
        response: { 200: FinancialAccount, ...errorResponses },
      },
    },
    async (request) => {
      const row = await ctx.repos.accounts.find(tenantOf(request), request.params.id);
      if (!row) throw notFound();
      return toAccount(row);
    },
  );
}

function registerAccountWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    "/cost/financial-accounts",
    {
      config: can("create"),
      schema: {
        tags,
        summary: "Create an account (affects every scenario of the model)",
        security: bearer,
        body: SaveFinancialAccount,
        response: { 201: FinancialAccount, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await createAccount(ctx, tenantOf(request), request.body)),
  );

  app.put(
    "/cost/financial-accounts/:id",
    {
      config: can("update"),
      schema: {
        tags,
        summary: "Change an account (same payload as create; the model cannot change)",
        security: bearer,
        params: IdParams,
        body: SaveFinancialAccount,
        response: { 200: FinancialAccount, ...errorResponses },
      },
    },
    async (request) => updateAccount(ctx, tenantOf(request), request.params.id, request.body),
  );

  app.delete(
    "/cost/financial-accounts/:id",
    {
      config: can("delete"),
      schema: {
        tags,
        summary: "Delete an account with its values and step-1 rules in every scenario",
        security: bearer,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await ctx.repos.accounts.delete(tenantOf(request), request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
}

/** The accounts' amounts per scenario. */
function registerAccountValueReads(app: RouteApp, ctx: AppContext) {
  app.get(
    "/cost/account-values",
    {
      config: can("read"),
      schema: {
        tags: valueTags,
        summary: "The scenario's account values, optionally of one account or matching a search",
        security: bearer,
        querystring: AccountValueListQuery,
        response: { 200: AccountValuePage, ...errorResponses },
      },
    },
    async (request) => {
      const result = await listAccountValues(ctx, tenantOf(request), request.query);
      return toPage(request, result, pageOf(request.query), toAccountValue);
    },
  );

  app.get(
    "/cost/account-values/:id",
    {
      config: can("read"),
      schema: {
        tags: valueTags,
        summary: "One account value",
        security: bearer,
        params: IdParams,
        response: { 200: AccountValue, ...errorResponses },
      },
    },
    async (request) => {
      const row = await ctx.repos.accountValues.find(tenantOf(request), request.params.id);
      if (!row) throw notFound();
      return toAccountValue(row);
    },
  );
}

function registerAccountValueWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    "/cost/account-values",
    {
      config: can("create"),
      schema: {
        tags: valueTags,
        summary: "Set an account's amount in a scenario: created (201), or updated when it has one (200)",
        security: bearer,
        body: SaveAccountValue,
        response: { 200: AccountValue, 201: AccountValue, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { value, created } = await saveAccountValue(ctx, tenantOf(request), request.body);
      return reply.code(created ? 201 : 200).send(value);
    },
  );

  app.patch(
    "/cost/account-values/:id",
    {
      config: can("update"),
      schema: {
        tags: valueTags,
        summary: "Change an account value's amount",
        security: bearer,
        params: IdParams,
        body: UpdateAccountValue,
        response: { 200: AccountValue, ...errorResponses },
      },
    },
    async (request) => {
      const row = await ctx.repos.accountValues.update(
        tenantOf(request),
        request.params.id,
        request.body.amount,
      );
      if (!row) throw notFound();
      return toAccountValue(row);
    },
  );

  app.delete(
    "/cost/account-values/:id",
    {
      config: can("delete"),
      schema: {
        tags: valueTags,
        summary: "Delete an account value",
        security: bearer,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await ctx.repos.accountValues.delete(tenantOf(request), request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
}
