import type { Language } from "@costflow/contract/languages";
import type { Me, Membership, Settings, Skin } from "@costflow/contract/users";
import type { MembershipView } from "@costflow/db/repositories/companies";
import type { UserSettings } from "@costflow/db/repositories/users";
import type { RequestAuth } from "../../plugins/access.ts";

export function toMembership(m: MembershipView): Membership {
  return {
    company: { id: m.companyId, name: m.companyName },
    group_name: m.groupName,
    license_type: { name: m.licenseType },
  };
}

export function toSettings(settings: UserSettings): Settings {
  return {
    language: settings.language as Language,
    skin: settings.skin as Skin,
    selected_company: settings.selectedCompanyId,
    selected_model: settings.selectedModelId,
    selected_scenario: settings.selectedScenarioId,
  };
}

/** The current user as the web app stores it: profile, abilities, memberships, settings. */
export function toMe(auth: RequestAuth): Me {
  return {
    id: auth.user.id,
    email: auth.user.email,
    first_name: auth.user.firstName,
    last_name: auth.user.lastName,
    role: auth.user.role as Me["role"],
    ability: auth.rules,
    companies: auth.memberships.map(toMembership),
    selected_company: auth.companyId,
    settings: toSettings(auth.settings),
  };
}
