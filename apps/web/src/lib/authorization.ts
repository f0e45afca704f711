// CASL abilities from the user data's ability list (docs/ARCHITECTURE.md, "Tenancy and
// authorization"). The server builds the list from the role and the membership in the selected
// company; the UI only hides what the server would refuse.
import { createMongoAbility, type MongoAbility } from "@casl/ability";
import type { AbilityRule, Action, Subject } from "./api-types";

export type AppAbility = MongoAbility<[Action, Subject]>;

/** Everyone may read Auth (the public and account pages), even with an empty list. */
const DEFAULT_RULES: AbilityRule[] = [{ action: "read", subject: "Auth" }];

export function buildAbility(rules: AbilityRule[] | null | undefined): AppAbility {
  const list = Array.isArray(rules) ? rules : [];
  return createMongoAbility<[Action, Subject]>([
    ...DEFAULT_RULES,
    ...list.map((r) => ({ action: r.action, subject: r.subject })),
  ] as never);
}

/** The subjects the access-control page lists, in menu order. */
export const APP_SUBJECTS: Subject[] = [
  "Dashboard",
  "Model",
  "Scenario",
  "Data",
  "Allocation",
  "Calculation",
  "Report",
  "Company",
  "Account",
  "Admin",
];
