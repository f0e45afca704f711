import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { accountRoutes } from "./account-routes.ts";
import { poolDriverRoutes } from "./pool-driver-routes.ts";
import { poolDriverValueRoutes } from "./pool-driver-value-routes.ts";
import { poolRoutes } from "./pool-routes.ts";

/** The cost data calls: financial accounts and values, cost pools, their drivers and values. */
export function costRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(accountRoutes(ctx));
    await app.register(poolRoutes(ctx));
    await app.register(poolDriverRoutes(ctx));
    await app.register(poolDriverValueRoutes(ctx));
  };
}
