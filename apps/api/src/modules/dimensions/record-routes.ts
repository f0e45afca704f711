import { IdParams } from "@costflow/contract/account";
import {
  CreateRecord,
  DimensionRecord,
  RecordListQuery,
  RecordPage,
  UpdateRecord,
} from "@costflow/contract/dimensions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { toRecord } from "./dimension-views.ts";
import { listRecords } from "./list-records.ts";
import { createRecord, type FieldNames, updateRecord } from "./save-record.ts";

const names: FieldNames = { identifier: "identifier", values: "driverData" };

const tags = ["dimension records"];
const can = (action: "read" | "create" | "update" | "delete") =>
  ({ access: { action, subject: "Data" } }) as const;

/** Records of a dimension in a scenario, the older record API (dimension/records/). */
export function recordRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerRecordReads(app, ctx);
    registerRecordWrites(app, ctx);
  };
}

function registerRecordReads(app: RouteApp, ctx: AppContext) {
  app.get(
    "/dimension/records",
    {
      config: can("read"),
      schema: {
        tags,
        summary:
          "A page of the dimension's records (ordering: identifier or a driver; search: identifier prefix)",
        security: bearer,
        querystring: RecordListQuery,
        response: { 200: RecordPage, ...errorResponses },
      },
    },
    async (request) =>
      toPage(request, await listRecords(ctx, tenantOf(request), request.query), request.query, toRecord),
  );

  app.get(
    "/dimension/records/:id",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "One record",
        security: bearer,
        params: IdParams,
        response: { 200: DimensionRecord, ...errorResponses },
      },
    },
    async (request) => {
      const row = await ctx.repos.records.find(tenantOf(request), request.params.id);
      if (!row) throw notFound();
      return toRecord(row);
    },
  );
}

function registerRecordWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    "/dimension/records",
    {
      config: can("create"),
      schema: {
        tags,
        summary: "Create a record",
        security: bearer,
        body: CreateRecord,
        response: { 201: DimensionRecord, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { driverData, ...rest } = request.body;
      const row = await createRecord(ctx, tenantOf(request), { ...rest, values: driverData }, names);
      return reply.code(201).send(toRecord(row));
    },
  );

  for (const method of ["patch", "put"] as const) {
    app[method](
      "/dimension/records/:id",
      {
        config: can("update"),
        schema: {
          tags,
          summary: "Change a record's driver values (null clears one) or identifier",
          security: bearer,
          params: IdParams,
          body: UpdateRecord,
          response: { 200: DimensionRecord, ...errorResponses },
        },
      },
      async (request) =>
        toRecord(
          await updateRecord(
            ctx,
            tenantOf(request),
            request.params.id,
            { identifier: request.body.identifier, values: request.body.driverData },
            names,
          ),
        ),
    );
  }

  app.delete(
    "/dimension/records/:id",
    {
      config: can("delete"),
      schema: {
        tags,
        summary: "Delete a record",
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
