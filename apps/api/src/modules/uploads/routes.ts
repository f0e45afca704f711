import { IdParams } from "@costflow/contract/account";
import {
  DocStructure,
  DocStructureQuery,
  TemplateParams,
  TemplateQuery,
  UploadAccepted,
  UploadDetail,
  UploadListQuery,
  UploadPage,
  UploadProcess,
} from "@costflow/contract/uploads";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { languageFromHeader } from "../../lib/language.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { getDocStructure, getTemplate } from "./doc-structure.ts";
import { listUploads } from "./list-uploads.ts";
import { receiveUpload } from "./receive-upload.ts";
import { stopUpload } from "./stop-upload.ts";
import { toUploadDetail, toUploadProcess } from "./upload-views.ts";

const can = (action: "read" | "create" | "update") => ({ access: { action, subject: "Data" } }) as const;
const tags = ["uploads"];
const language = (request: { headers: Record<string, string | string[] | undefined> }) =>
  languageFromHeader(request.headers["accept-language"] as string | undefined);
const wizardTags = ["software wizard"];

/** File uploads of a scenario's data, their processes, and the software wizard's file descriptions. */
export function uploadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only in this plugin; files are streamed to disk by receiveUpload, never buffered.
    await app.register(multipart);
    registerUploadRoutes(app, ctx);
    registerSoftwareWizard(app, ctx);
  };
}

/** Upload a file, follow its process, stop it. */
function registerUploadRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    "/uploads",
    {
      config: can("create"),
      schema: {
        tags,
        summary: "Upload a file (multipart: scenario, kind, mode, dimension?, file) to be processed",
        description:
          "Fields as in UploadRequest; `file` is a .csv (UTF-8 or UTF-16 with BOM, `,` or `;`) or .xlsx file. " +
          "415 File Format Not Accepted for other formats, 400 Impossible to Upload for an unreadable file.",
        consumes: ["multipart/form-data"],
        security: bearer,
        response: { 202: UploadAccepted, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(202).send(await receiveUpload(ctx, request)),
  );

  app.get(
    "/uploads",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "The upload processes of a scenario, newest first",
        security: bearer,
        querystring: UploadListQuery,
        response: { 200: UploadPage, ...errorResponses },
      },
    },
    async (request) =>
      toPage(
        request,
        await listUploads(ctx, tenantOf(request), request.query),
        request.query,
        toUploadProcess,
      ),
  );

  app.get(
    "/uploads/:id",
    {
      config: can("read"),
      schema: {
        tags,
        summary: "One upload process with its errors",
        security: bearer,
        params: IdParams,
        response: { 200: UploadDetail, ...errorResponses },
      },
    },
    async (request) => {
      const row = await ctx.repos.uploads.find(tenantOf(request), request.params.id);
      if (!row) throw notFound();
      return toUploadDetail(row, language(request));
    },
  );

  app.post(
    "/uploads/:id/stop",
    {
      config: can("update"),
      schema: {
        tags,
        summary: "Stop a file still being processed: it ends STOPPED and writes nothing",
        security: bearer,
        params: IdParams,
        response: { 200: UploadProcess, ...errorResponses },
      },
    },
    async (request) => toUploadProcess(await stopUpload(ctx, tenantOf(request), request.params.id)),
  );
}

/** The software wizard: what the files look like, and their templates. */
function registerSoftwareWizard(app: RouteApp, ctx: AppContext) {
  app.get(
    "/software/doc-structure",
    {
      config: can("read"),
      schema: {
        tags: wizardTags,
        summary: "The files a model's data is uploaded with: columns, types, an example row",
        security: bearer,
        querystring: DocStructureQuery,
        response: { 200: DocStructure, ...errorResponses },
      },
    },
    async (request) => getDocStructure(ctx, tenantOf(request), request.query.model, language(request)),
  );

  app.get(
    "/software/templates/:kind",
    {
      config: can("read"),
      schema: {
        tags: wizardTags,
        summary: "A CSV template (header line) of a kind of file; RECORDS needs the dimension",
        produces: ["text/csv"],
        security: bearer,
        params: TemplateParams,
        querystring: TemplateQuery,
        response: { 200: z.string().describe("CSV text"), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { fileName, content } = await getTemplate(
        ctx,
        tenantOf(request),
        request.params.kind,
        request.query.model,
        request.query.dimension,
      );
      const ascii = fileName.replace(/[^\w.-]/g, "_");
      return reply
        .type("text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .send(content);
    },
  );
}
