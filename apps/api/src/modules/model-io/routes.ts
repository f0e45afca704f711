import { createReadStream } from "node:fs";
import { IdParams } from "@costflow/contract/account";
import {
  ModelCreated,
  ModelExportQuery,
  ModelImportErrorBody,
  ModelTemplatePage,
} from "@costflow/contract/models";
import { BundleError } from "@costflow/engine/bundle/bundle-error";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { languageFromHeader } from "../../lib/language.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { authOf, tenantOf } from "../../plugins/access.ts";
import { importErrorBody } from "./bundle-issues.ts";
import { exportModel } from "./export-model.ts";
import { importModelUpload, sweepImportFolders } from "./import-model.ts";
import { listTemplates } from "./templates.ts";

/** Whole models in and out as bundles (shared/guide/model-bundle.md), and the model templates. */
export function modelIoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only in this plugin's scope; the file limit is set per request.
    await app.register(multipart, { limits: { files: 1, fields: 10, parts: 11 } });
    // Folders left by imports of a process killed mid-way (kill -9 runs no cleanup).
    void sweepImportFolders().catch((error) => ctx.log.warn({ err: error }, "sweeping import folders"));
    const tags = ["models"];

    app.get(
      "/models/templates",
      {
        config: { access: { action: "read", subject: "Model" } },
        schema: {
          tags,
          summary: "The model templates, in the request's language",
          security: bearer,
          response: { 200: ModelTemplatePage, ...errorResponses },
        },
      },
      async (request) => {
        const results = await listTemplates(languageFromHeader(request.headers["accept-language"]));
        return { count: results.length, next: null, previous: null, results };
      },
    );

    app.post(
      "/models/import",
      {
        config: { access: { action: "create", subject: "Model" } },
        schema: {
          tags,
          summary: "Import a model bundle (.zip, multipart field `file`) as a new model with its scenario",
          description:
            "All or nothing. A bundle that does not read answers 400 with every issue (file, line, column).",
          security: bearer,
          consumes: ["multipart/form-data"],
          response: { 201: ModelCreated, 400: ModelImportErrorBody, ...errorResponses },
        },
      },
      async (request, reply) => {
        try {
          const created = await importModelUpload(ctx, request, tenantOf(request), authOf(request).user.id);
          return reply.code(201).send(created);
        } catch (error) {
          if (!(error instanceof BundleError)) throw error;
          const language = languageFromHeader(request.headers["accept-language"]);
          return reply.code(400).send(importErrorBody(error, language));
        }
      },
    );

    app.get(
      "/models/:id/export",
      {
        config: { access: { action: "read", subject: "Model" } },
        schema: {
          tags,
          summary: "Download the model with one of its scenarios as a bundle (.zip)",
          security: bearer,
          params: IdParams,
          querystring: ModelExportQuery,
          produces: ["application/zip"],
          response: { 200: z.unknown().describe("The bundle (.zip)"), ...errorResponses },
        },
      },
      async (request, reply) => {
        const bundle = await exportModel(ctx, tenantOf(request), request.params.id, request.query.scenario);
        const stream = createReadStream(bundle.path);
        stream.on("close", () => void bundle.cleanup());
        return reply
          .type("application/zip")
          .header("content-disposition", `attachment; filename="${bundle.fileName}"`)
          .send(stream);
      },
    );
  };
}
