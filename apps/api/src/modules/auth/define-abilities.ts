import { createMongoAbility, type MongoAbility } from "@casl/ability";
import {
  type AbilityRule,
  type Action,
  COMPANY_ADMIN_GROUP,
  type Subject,
} from "@costflow/contract/abilities";

export type AppAbility = MongoAbility<[Action, Subject]>;

const COMPANY_WORK: Subject[] = ["Model", "Scenario", "Data", "Allocation", "Calculation", "Report"];
const EVERYONE: AbilityRule[] = [
  { action: "read", subject: "Auth" },
  { action: "manage", subject: "Account" },
];

/**
 * The rules of a user in their selected company (docs/api-contract.md, "Abilities"): an admin
 * manages everything; a client's rights come from the group of their membership. Users without
 * a membership keep only their own account.
 *
 * "Admin" means role admin *in that company's administrators group*. Registration makes every
 * new user role admin of their own company; were the role alone enough, such a user invited as
 * a Viewer elsewhere would manage that company and read its outbox. Outside the administrators
 * group an admin gets the group's rights, like a client (docs/adr/0003-tenancy-and-authorization.md).
 */
export function defineRules(role: string, groupName: string | undefined): AbilityRule[] {
  if (role === "admin" && groupName === COMPANY_ADMIN_GROUP) return [{ action: "manage", subject: "all" }];
  if (role !== "client" && role !== "admin") return [];
  switch (groupName) {
    case "Administrators":
      // Not in the contract's list: a client placed in a company's administrators group runs
      // the company's work and its membership, but not the application's Admin area.
      return [
        ...COMPANY_WORK.map((subject) => ({ action: "manage" as const, subject })),
        { action: "manage", subject: "Company" },
        { action: "read", subject: "Dashboard" },
        ...EVERYONE,
      ];
    case "Analysts":
      return [
        ...COMPANY_WORK.map((subject) => ({ action: "manage" as const, subject })),
        { action: "read", subject: "Dashboard" },
        { action: "read", subject: "Company" },
        ...EVERYONE,
      ];
    case "Viewers":
      return [
        ...(["Dashboard", "Company", ...COMPANY_WORK] as Subject[]).map((subject) => ({
          action: "read" as const,
          subject,
        })),
        ...EVERYONE,
      ];
    default:
      return EVERYONE;
  }
}

export function buildAbility(rules: AbilityRule[]): AppAbility {
  return createMongoAbility<[Action, Subject]>(rules);
}
