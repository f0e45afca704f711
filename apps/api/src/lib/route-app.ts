import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The app a route plugin registers on, so a plugin can hand it to its registration functions by concern. */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
