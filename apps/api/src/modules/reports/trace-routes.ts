import { RecordTrace, RecordTraceParams, RecordTraceQuery } from "@costflow/contract/report-trace";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { traceRecord } from "./trace-record.ts";

/** report/records/{record}/trace/: a record's cost by activity, pool and account. */
export function traceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/report/records/:record/trace",
      {
        config: { access: { action: "read", subject: "Report" } },
        schema: {
          tags: ["reports"],
          summary:
            "Where a record's cost came from: by activity, each by direct pool, each by account; step-5 pushes in and roll-up",
          security: bearer,
          params: RecordTraceParams,
          querystring: RecordTraceQuery,
          response: { 200: RecordTrace, ...errorResponses },
        },
      },
      async (request) =>
        traceRecord(
          ctx,
          tenantOf(request),
          request.query.scenario,
          request.params.record,
          request.query.accounts,
        ),
    );
  };
}
