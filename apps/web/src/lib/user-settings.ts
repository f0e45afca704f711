// Session-level calls shared by several features and the layout: the current user, the settings
// (language, skin, context) and logout.
import { Model, Scenario } from "@costflow/contract/models";
import { Me, Settings } from "@costflow/contract/users";
import type { ZodType } from "zod";
import { api } from "./api-client";
import { appContextStore, type NamedRef } from "./app-context";
import { setLanguage } from "./i18n";
import { isLanguage } from "./languages";
import { clearSession, getRefreshToken, getUserData, isLoggedIn, setUserData } from "./session";
import { isSkin, skinStore } from "./skin";

export async function fetchMe(): Promise<Me> {
  const me = await api.get("auth/users/me/", undefined, { schema: Me });
  setUserData(me);
  return me;
}

/** Persist a partial settings change on the server when logged in; the local state is already set. */
export async function saveSettings(patch: Partial<Settings>): Promise<Settings | null> {
  if (!isLoggedIn()) return null;
  const settings = await api.put("auth/users/me/settings", patch, { schema: Settings });
  const me = getUserData();
  if (me && settings) setUserData({ ...me, settings, selected_company: settings.selected_company });
  return settings;
}

/** Apply the server's settings after login: language, skin and the selected company. */
export async function applyServerSettings(me: Me): Promise<void> {
  const s = me.settings;
  if (!s) return;
  if (isSkin(s.skin)) skinStore.set(s.skin);
  if (isLanguage(s.language)) await setLanguage(s.language);
  const company = s.selected_company ?? me.selected_company ?? me.companies[0]?.company.id ?? null;
  const local = appContextStore.get();
  const sameCompany = local.company === company;
  const model =
    s.selected_model == null
      ? sameCompany
        ? local.model
        : null
      : local.model?.id === s.selected_model && sameCompany
        ? local.model
        : await fetchNamed(`models/${s.selected_model}/`, Model);
  const scenario =
    model === null
      ? null
      : s.selected_scenario == null
        ? sameCompany && local.model?.id === model.id
          ? local.scenario
          : null
        : local.scenario?.id === s.selected_scenario
          ? local.scenario
          : await fetchNamed(`model/scenarios/${s.selected_scenario}/`, Scenario);
  appContextStore.set({ company, model, scenario });
}

/** The selected model or scenario (its contract schema checks the answer), as the context keeps it. */
async function fetchNamed(path: string, schema: ZodType<NamedRef>): Promise<NamedRef | null> {
  try {
    const item = await api.get(path, undefined, { schema });
    return item && typeof item.id === "number" ? { id: item.id, name: item.name } : null;
  } catch {
    return null;
  }
}

export async function logout(): Promise<void> {
  const refresh = getRefreshToken();
  try {
    if (refresh) await api.post("auth/jwt/logout/", { refresh });
  } catch {
    // The token may already be expired or revoked; the local session ends either way.
  } finally {
    clearSession();
  }
}
