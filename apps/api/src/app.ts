import type { DatabaseClient } from "@costflow/db/client";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { type Config, loadConfig } from "./config.ts";
import { createContext } from "./context.ts";
import { createJobQueue } from "./jobs/queue.ts";
import { AppError } from "./lib/app-error.ts";
import { activityRoutes } from "./modules/activities/routes.ts";
import { adminRoutes } from "./modules/admin/routes.ts";
import { allocationRoutes } from "./modules/allocation/routes.ts";
import { startPasswordResetWorker } from "./modules/auth/reset-password.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { calculatedDriverRoutes } from "./modules/calculated-drivers/routes.ts";
import { startCalculatedDriversWorker } from "./modules/calculated-drivers/run-calculation.ts";
import { startCalculationWorker } from "./modules/calculation/calculation-worker.ts";
import { calculationResultRoutes } from "./modules/calculation/result-routes.ts";
import { calculationRoutes } from "./modules/calculation/routes.ts";
import { companyRoutes } from "./modules/companies/routes.ts";
import { costRoutes } from "./modules/cost/routes.ts";
import { dashboardRoutes } from "./modules/dashboard/routes.ts";
import { dimensionsRoutes } from "./modules/dimensions/routes.ts";
import { startExportWorker } from "./modules/export-files/export-worker.ts";
import { exportFileRoutes } from "./modules/export-files/routes.ts";
import { startEmailWorker } from "./modules/mail/deliver-email.ts";
import { modelRoutes } from "./modules/models/routes.ts";
import { notificationRoutes } from "./modules/notifications/routes.ts";
import { pdfRoutes } from "./modules/pdf/pdf-routes.ts";
import { reportLineRoutes } from "./modules/report-lines/routes.ts";
import { traceAndSavedReportRoutes } from "./modules/reports/register.ts";
import { reportRoutes } from "./modules/reports/routes.ts";
import { transactionalDataRoutes } from "./modules/transactional-data/routes.ts";
import { uploadRoutes } from "./modules/uploads/routes.ts";
import { startUploadWorker } from "./modules/uploads/upload-worker.ts";
import { userRoutes } from "./modules/users/routes.ts";
import { API_PREFIX, registerAccessControl } from "./plugins/access.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { registerWebApp } from "./plugins/web-app.ts";

interface BuildAppOptions {
  /** An open, migrated database; the app never closes it (its owner does). */
  database: DatabaseClient;
  /** Overrides of the environment's configuration (tests use small rate limits, no web app). */
  config?: Partial<Config>;
  logger?: boolean | { level: string };
}

/**
 * Builds the HTTP application: plugins, the /api/v1 modules, OpenAPI, the web app, and the job
 * queue with its workers (stopped by app.close()). Tests drive it with app.inject().
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(), ...options.config };
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, config.bodyLimit);
  registerSecurityHeaders(app);

  // A POST with a JSON content type and no body (some clients send one for bodiless actions)
  // is an absent body, not a parse error; everything else goes through Fastify's safe parser.
  // Fastify also parses text/plain by default; the API is JSON only (docs/ARCHITECTURE.md, step 4),
  // so a text body is a 415 like any other content type, not a string handed to the schemas.
  app.removeContentTypeParser("text/plain");
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, done);
  });

  const queue = createJobQueue(options.database, {
    onError: (error) => app.log.error({ err: error }, "job queue"),
  });
  await queue.start();
  app.addHook("onClose", async () => queue.stop());
  const ctx = await createContext(config, options.database, queue, app.log);
  if (config.runWorkers) await startEmailWorker(ctx);
  if (config.runWorkers) await startPasswordResetWorker(ctx);
  if (config.runWorkers) app.addHook("onClose", await startUploadWorker(ctx));
  if (config.runWorkers) app.addHook("onClose", await startCalculationWorker(ctx));
  if (config.runWorkers) await startCalculatedDriversWorker(ctx);
  if (config.runWorkers) app.addHook("onClose", await startExportWorker(ctx));

  if (config.corsOrigin)
    await app.register(cors, { origin: config.corsOrigin.split(","), credentials: false });
  await app.register(rateLimit, { global: false, errorResponseBuilder: () => new AppError("RATE_LIMITED") });
  await registerOpenApi(app);
  registerAccessControl(app, ctx);

  await app.register(
    async (api) => {
      await api.register(authRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(notificationRoutes(ctx));
      await api.register(companyRoutes(ctx));
      await api.register(modelRoutes(ctx));
      await api.register(dashboardRoutes(ctx));
      await api.register(adminRoutes(ctx));
      await api.register(uploadRoutes(ctx));
      await api.register(allocationRoutes(ctx));
      await api.register(reportLineRoutes(ctx));
      await api.register(reportRoutes(ctx));
      await api.register(traceAndSavedReportRoutes(ctx));
      await api.register(pdfRoutes(ctx));
      await api.register(calculationRoutes(ctx));
      await api.register(calculationResultRoutes(ctx));
      await api.register(costRoutes(ctx));
      await api.register(activityRoutes(ctx));
      await api.register(dimensionsRoutes(ctx));
      await api.register(transactionalDataRoutes(ctx));
      await api.register(calculatedDriverRoutes(ctx));
      await api.register(exportFileRoutes(ctx));
    },
    { prefix: API_PREFIX },
  );
  await registerWebApp(app, config.webDist);
  return app;
}
