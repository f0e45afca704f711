import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { betaDriverRoutes } from "./beta-driver-routes.ts";
import { transactionRoutes } from "./transaction-routes.ts";

/** The transactional-data calls: drivers, transactions, beta calculated drivers and their runs. */
export function transactionalDataRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(transactionRoutes(ctx));
    await app.register(betaDriverRoutes(ctx));
  };
}
