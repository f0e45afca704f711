import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error.ts";
import { sendError } from "./error-handler.ts";

/**
 * Serves the built web app (if there is one) and answers unknown paths: API paths with the JSON
 * 404, any other GET with index.html so the single-page app's router can take it.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | null) {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      setHeaders(res, path) {
        // Vite puts content-hashed files under assets/: cache them for good, revalidate the rest.
        res.header(
          "cache-control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === "/api" || request.url.startsWith("/api/");
    if (webDist && !isApi && (request.method === "GET" || request.method === "HEAD")) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return sendError(request, reply, new AppError("NOT_FOUND", [{ field: "path", reason: "not_found" }]));
  });
}
