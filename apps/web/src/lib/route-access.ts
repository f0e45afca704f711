// The route guard's decision, kept pure so it can be unit tested.
import type { Action, Subject } from "./api-types";
import type { AppAbility } from "./authorization";

/**
 * public  – marketing and error pages: everybody.
 * guest   – login, register, forgot and reset password: logged-out users; a logged-in user is sent home.
 * open    – company sign-up and company validation: everybody (a logged-in admin may validate too).
 * private – everything else: needs a session and the route's ability.
 */
export type RouteAccess = "public" | "guest" | "open" | "private";

interface RouteRule {
  access: RouteAccess;
  subject?: Subject;
  action?: Action;
}

type GuardDecision =
  | { kind: "allow" }
  | { kind: "login"; clearTokens: boolean }
  | { kind: "home" }
  | { kind: "not-authorized" };

export function decideAccess(rule: RouteRule, loggedIn: boolean, ability: AppAbility): GuardDecision {
  if (rule.access === "public" || rule.access === "open") return { kind: "allow" };
  if (rule.access === "guest") return loggedIn ? { kind: "home" } : { kind: "allow" };
  if (!loggedIn) return { kind: "login", clearTokens: true };
  const subject = rule.subject ?? "Auth";
  const action = rule.action ?? "read";
  return ability.can(action, subject) ? { kind: "allow" } : { kind: "not-authorized" };
}
