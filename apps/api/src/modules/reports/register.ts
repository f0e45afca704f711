import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { myReportsRoutes } from "./my-reports-routes.ts";
import { traceRoutes } from "./trace-routes.ts";

/**
 * The report calls of the trace and the saved reports, mounted as one plugin: the reports
 * module's registration (app.ts) mounts this beside the report figures' routes.
 */
export function traceAndSavedReportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(myReportsRoutes(ctx));
    await app.register(traceRoutes(ctx));
  };
}
