import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { dimensionRoutes } from "./dimension-routes.ts";
import { driverRoutes } from "./driver-routes.ts";
import { recordRoutes } from "./record-routes.ts";

/** The dimension calls: dimensions/, dimension/drivers/ and dimension/records/. */
export function dimensionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(dimensionRoutes(ctx));
    await app.register(driverRoutes(ctx));
    await app.register(recordRoutes(ctx));
  };
}
