import { z } from "zod";
import { AbilityRule, ROLES } from "./abilities.ts";
import { CompanyRef, Email } from "./auth.ts";
import { idSchema, textSchema } from "./common.ts";
import { LANGUAGES } from "./languages.ts";

// The current user, their settings and their company memberships.
export const SKINS = ["light", "dark", "bordered", "semi-dark"] as const;
export type Skin = (typeof SKINS)[number];

const Id = idSchema;

export const Settings = z.object({
  language: z.enum(LANGUAGES),
  skin: z.enum(SKINS),
  selected_company: z.number().int().nullable(),
  selected_model: z.number().int().nullable(),
  selected_scenario: z.number().int().nullable(),
});
export type Settings = z.infer<typeof Settings>;

/**
 * PUT auth/users/me/settings: any subset. Selecting a company needs a membership and clears
 * the model and scenario; selecting a model clears the scenario unless one of that model is
 * given in the same request. Foreign ids answer 404 naming the field.
 */
export const SettingsUpdate = z.strictObject({
  language: z.enum(LANGUAGES).optional(),
  skin: z.enum(SKINS).optional(),
  selected_company: Id.nullable().optional(),
  selected_model: Id.nullable().optional(),
  selected_scenario: Id.nullable().optional(),
});
export type SettingsUpdate = z.infer<typeof SettingsUpdate>;

export const Membership = z.object({
  company: CompanyRef,
  group_name: z.string(),
  license_type: z.object({ name: z.string() }),
});
export type Membership = z.infer<typeof Membership>;
/** GET account/companies/: the caller's memberships (a plain list, not a page). */
export const MembershipList = z.array(Membership);

export const Me = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
  ability: z.array(AbilityRule),
  companies: z.array(Membership),
  selected_company: z.number().int().nullable(),
  settings: Settings,
});
export type Me = z.infer<typeof Me>;

/** PUT auth/users/me/: any subset of the three fields. A taken e-mail answers 409. */
export const MeUpdate = z.strictObject({
  first_name: textSchema.trim().min(1).max(150).optional(),
  last_name: textSchema.trim().max(150).optional(),
  email: Email.optional(),
});
export type MeUpdate = z.infer<typeof MeUpdate>;
