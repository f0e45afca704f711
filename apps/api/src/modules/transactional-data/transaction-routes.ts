import { IdParams } from "@costflow/contract/account";
import {
  SaveTransaction,
  Transaction,
  TransactionDriverItems,
  TransactionDriversQuery,
  TransactionItems,
  TransactionListQuery,
} from "@costflow/contract/transactional-data";
import type { DimensionRecord } from "@costflow/db/repositories/dimension-records";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { toDriver } from "../dimensions/dimension-views.ts";
import { listDrivers } from "../dimensions/list-drivers.ts";
import { listRecords } from "../dimensions/list-records.ts";
import { createRecord, type FieldNames, updateRecordByIdentifier } from "../dimensions/save-record.ts";

const names: FieldNames = { identifier: "transaction_id", values: "fields" };

function toTransaction(row: DimensionRecord): Transaction {
  return {
    id: row.id,
    transaction_id: row.identifier,
    fields: row.fields,
    dimension: row.dimensionId,
    scenario: row.scenarioId,
  };
}

const tags = ["transactional data"];
const can = (action: "read" | "create" | "update" | "delete") =>
  ({ access: { action, subject: "Data" } }) as const;

/**
 * Transactions (the records of a dimension, as the transactional-data screens see them) and the
 * dimension's drivers. Lists answer `{items, count}`.
 */
export function transactionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerTransactionReads(app, ctx);
    registerTransactionWrites(app, ctx);
  };
}

/** The drivers a transaction can name, and the transactions. */
function registerTransactionReads(app: RouteApp, ctx: AppContext) {
  app.get(
    "/transactional-data/drivers",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The dimension's drivers, optionally of one type (driver_type=decimal)",
        security: bearer,
        querystring: TransactionDriversQuery,
        response: { 200: TransactionDriverItems, ...errorResponses },
      },
    },
    async (request) => {
      const { driver_type, ...query } = request.query;
      const result = await listDrivers(ctx, tenantOf(request), { ...query, dataType: driver_type });
      return { items: result.rows.map(toDriver), count: result.count };
    },
  );

  app.get(
    "/transactional-data/transactions",
    {
      config: can("read"),
      schema: {
        tags,
        summary:
          "A page of the dimension's transactions (ordering: transaction_id or a driver; searchTerm: id prefix)",
        security: bearer,
        querystring: TransactionListQuery,
        response: { 200: TransactionItems, ...errorResponses },
      },
    },
    async (request) => {
      const { searchTerm, ...query } = request.query;
      const result = await listRecords(ctx, tenantOf(request), { ...query, search: searchTerm });
      return { items: result.rows.map(toTransaction), count: result.count };
    },
  );
}

function registerTransactionWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    "/transactional-data/transactions",
    {
      config: can("create"),
      schema: {
        tags,
        summary: "Create a transaction; fields are checked against the dimension's drivers",
        security: bearer,
        body: SaveTransaction,
        response: { 201: Transaction, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { transaction_id, fields, dimension, scenario } = request.body;
      const row = await createRecord(
        ctx,
        tenantOf(request),
        { scenario, dimension, identifier: transaction_id, values: fields },
        names,
      );
      return reply.code(201).send(toTransaction(row));
    },
  );

  app.patch(
    "/transactional-data/transactions",
    {
      config: can("update"),
      schema: {
        tags,
        summary:
          "Change the transaction with this transaction_id: the fields given replace theirs (null clears)",
        security: bearer,
        body: SaveTransaction,
        response: { 200: Transaction, ...errorResponses },
      },
    },
    async (request) => {
      const { transaction_id, fields, dimension, scenario } = request.body;
      const key = { scenario, dimension, identifier: transaction_id };
      return toTransaction(
        await updateRecordByIdentifier(ctx, tenantOf(request), key, { values: fields }, names),
      );
    },
  );

  app.delete(
    "/transactional-data/transactions/:id",
    {
      config: can("delete"),
      schema: {
        tags,
        summary: "Delete a transaction",
        security: bearer,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await ctx.repos.records.delete(tenantOf(request), request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
}
