import {
  AllocationSettings,
  CheckAllocationFormula,
  FormulaFeedback,
  ScenarioQuery,
  UpdateAllocationSettings,
} from "@costflow/contract/allocation";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { languageFromHeader } from "../../lib/language.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { activityRuleRoutes } from "./activity-rule-routes.ts";
import { readSettings, updateSettings } from "./allocation-settings.ts";
import { checkAllocationFormula } from "./check-allocation-formula.ts";
import { directRuleRoutes } from "./direct-rule-routes.ts";
import { findScenario } from "./open-scenario.ts";
import { pushRuleRoutes } from "./push-rule-routes.ts";
import { allocationAccess as can, allocationTags as tags } from "./route-access.ts";
import { sourceRuleRoutes } from "./source-rule-routes.ts";

/** The six rule sets of a scenario, its allocation settings and the formula check of split formulas. */
export function allocationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(sourceRuleRoutes(ctx));
    await app.register(directRuleRoutes(ctx));
    await app.register(activityRuleRoutes(ctx));
    await app.register(pushRuleRoutes(ctx));

    app.get(
      "/allocation/settings",
      {
        config: can("read"),
        schema: {
          tags,
          summary: "The scenario's step-2 strategy, iteration stop condition and profit line",
          security: bearer,
          querystring: ScenarioQuery,
          response: { 200: AllocationSettings, ...errorResponses },
        },
      },
      async (request) => {
        const companyId = tenantOf(request);
        await findScenario(ctx, companyId, request.query.scenario);
        return readSettings(ctx, companyId, request.query.scenario);
      },
    );

    app.put(
      "/allocation/settings",
      {
        config: can("update"),
        schema: {
          tags,
          summary: "Change the scenario's allocation settings (fields left out keep their value)",
          security: bearer,
          querystring: ScenarioQuery,
          body: UpdateAllocationSettings,
          response: { 200: AllocationSettings, ...errorResponses },
        },
      },
      async (request) => updateSettings(ctx, tenantOf(request), request.query.scenario, request.body),
    );

    app.post(
      "/allocation/check-formula",
      {
        config: can("read"),
        schema: {
          tags,
          summary: "formula_feedback of a split formula over a dimension's drivers and calculated drivers",
          security: bearer,
          body: CheckAllocationFormula,
          response: { 200: FormulaFeedback, ...errorResponses },
        },
      },
      async (request) =>
        checkAllocationFormula(
          ctx,
          tenantOf(request),
          request.body,
          languageFromHeader(request.headers["accept-language"]),
        ),
    );
  };
}
