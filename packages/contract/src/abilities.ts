import { z } from "zod";

// Roles, permission groups and the CASL vocabulary. The server builds each user's rules
// (apps/api/src/modules/auth/define-abilities.ts) and sends them in `Me.ability`; the web app
// only hides what the server would refuse anyway.
export const ROLES = ["admin", "client"] as const;

/** Permission groups of a company membership. */
export const GROUP_NAMES = ["Administrators", "Analysts", "Viewers"] as const;
export type GroupName = (typeof GROUP_NAMES)[number];
export const COMPANY_ADMIN_GROUP: GroupName = "Administrators";

export const ACTIONS = ["manage", "create", "read", "update", "delete"] as const;
export type Action = (typeof ACTIONS)[number];

export const SUBJECTS = [
  "all",
  "Auth",
  "Account",
  "Dashboard",
  "Company",
  "Model",
  "Scenario",
  "Data",
  "Allocation",
  "Calculation",
  "Report",
  "Admin",
] as const;
export type Subject = (typeof SUBJECTS)[number];

export const AbilityRule = z.object({ action: z.enum(ACTIONS), subject: z.enum(SUBJECTS) });
export type AbilityRule = z.infer<typeof AbilityRule>;
