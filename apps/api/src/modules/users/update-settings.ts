import type { Settings, SettingsUpdate } from "@costflow/contract/users";
import type { UserSettings } from "@costflow/db/repositories/users";
import type { AppContext } from "../../context.ts";
import { AppError, fieldError } from "../../lib/app-error.ts";
import type { RequestAuth } from "../../plugins/access.ts";
import { toSettings } from "./get-me.ts";

type Changes = Partial<Omit<UserSettings, "userId" | "updatedAt">>;

/**
 * Partial settings update. A company must be one of my memberships (switching clears model and
 * scenario); a model or scenario must belong to the (new) selected company; selecting a model
 * clears the scenario, selecting a scenario selects its model. `selected_company: null` is
 * ignored: the tenant falls back to the first membership anyway.
 */
export async function updateSettings(
  ctx: AppContext,
  auth: RequestAuth,
  input: SettingsUpdate,
): Promise<Settings> {
  const changes: Changes = {};
  if (input.language) changes.language = input.language;
  if (input.skin) changes.skin = input.skin;

  let companyId = auth.companyId;
  let modelId = auth.settings.selectedModelId;
  if (input.selected_company != null && input.selected_company !== companyId) {
    if (!auth.memberships.some((m) => m.companyId === input.selected_company)) {
      throw fieldError("NOT_FOUND", "selected_company", "not_member");
    }
    companyId = input.selected_company;
    modelId = null;
    Object.assign(changes, { selectedCompanyId: companyId, selectedModelId: null, selectedScenarioId: null });
  }

  const needCompany = (field: string) => {
    if (companyId === null) throw new AppError("NO_COMPANY_SELECTED", [{ field, reason: "not_member" }]);
    return companyId;
  };

  if (input.selected_model === null) {
    Object.assign(changes, { selectedModelId: null, selectedScenarioId: null });
    modelId = null;
  } else if (input.selected_model !== undefined) {
    const model = await ctx.repos.models.findModel(needCompany("selected_model"), input.selected_model);
    if (!model) throw fieldError("NOT_FOUND", "selected_model", "not_found");
    if (model.id !== modelId) changes.selectedScenarioId = null;
    changes.selectedModelId = model.id;
    modelId = model.id;
  }

  if (input.selected_scenario === null) {
    changes.selectedScenarioId = null;
  } else if (input.selected_scenario !== undefined) {
    const scenario = await ctx.repos.models.findScenario(
      needCompany("selected_scenario"),
      input.selected_scenario,
    );
    if (!scenario) throw fieldError("NOT_FOUND", "selected_scenario", "not_found");
    if (input.selected_model != null && scenario.modelId !== input.selected_model) {
      throw fieldError("VALIDATION_ERROR", "selected_scenario", "invalid_value");
    }
    Object.assign(changes, { selectedModelId: scenario.modelId, selectedScenarioId: scenario.id });
  }

  const settings = await ctx.repos.users.updateSettings(auth.user.id, changes);
  return toSettings(settings);
}
