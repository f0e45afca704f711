import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/** OpenAPI 3 generated from the contract's zod schemas; UI at /api/docs, JSON at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Costflow API",
        version: "1",
        description:
          "REST API of Costflow. Errors share one body: {code, message, message_key, errors[{field, reason, message}]}. " +
          "Lists share one envelope: {count, next, previous, results} with limit, offset and ordering.",
      },
      components: {
        securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
}
