import { QuickResume } from "@costflow/contract/dashboard";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { languageFromHeader } from "../../lib/language.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { authOf, tenantOf } from "../../plugins/access.ts";
import { toScenario } from "../models/model-views.ts";
import { toNotification } from "../notifications/routes.ts";

const LATEST = 5;

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const calculations = ctx.repos.calculations;
  const exportFiles = ctx.repos.exportFiles;
  return async (app) => {
    app.get(
      "/dashboard/quick-resume",
      {
        config: { access: { action: "read", subject: "Dashboard" } },
        schema: {
          tags: ["dashboard"],
          summary: "Counts and latest items of the selected company for the dashboard",
          security: bearer,
          response: { 200: QuickResume, ...errorResponses },
        },
      },
      async (request) => {
        const companyId = tenantOf(request);
        const language = languageFromHeader(request.headers["accept-language"]);
        const models = ctx.repos.models;
        const latest = await models.latestScenarios(companyId, LATEST);
        return {
          total_scenarios: await models.countScenarios(companyId),
          total_models: await models.countModels(companyId),
          reports_to_download: await exportFiles.countFinished(companyId),
          latest_scenarios: latest.map((row) => ({ ...toScenario(row), model_name: row.modelName })),
          latest_calculations: (await calculations.latestRoots(companyId, LATEST)).map((run) => ({
            id: run.id,
            scenario: run.scenarioId,
            category: run.category,
            status: run.status,
            requested_at: run.requestedAt.toISOString(),
            finished_at: run.finishedAt?.toISOString() ?? null,
          })),
          notifications: (await ctx.repos.notifications.latest(authOf(request).user.id, LATEST)).map((row) =>
            toNotification(row, language),
          ),
        };
      },
    );
  };
}
