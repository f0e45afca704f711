import type { AbilityRule, Action, Subject } from "@costflow/contract/abilities";
import type { MembershipView } from "@costflow/db/repositories/companies";
import type { User, UserSettings } from "@costflow/db/repositories/users";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { AppError } from "../lib/app-error.ts";
import { type AppAbility, buildAbility, defineRules } from "../modules/auth/define-abilities.ts";

export const API_PREFIX = "/api/v1";

/** What a route allows: anyone ("public"), or callers whose abilities include action on subject. */
export type RouteAccess = "public" | { action: Action; subject: Subject };

/** The caller of an authenticated request, loaded fresh from the database on every request. */
export interface RequestAuth {
  user: User;
  settings: UserSettings;
  memberships: MembershipView[];
  /** The tenant: the selected company if the user is (still) a member of it, else their first. */
  companyId: number | null;
  membership: MembershipView | undefined;
  rules: AbilityRule[];
  ability: AppAbility;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/** The authenticated caller; only for routes that are not public. */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError("NOT_AUTHENTICATED");
  return request.auth;
}

/** The caller's company, for company-owned data. */
export function tenantOf(request: FastifyRequest): number {
  const { companyId } = authOf(request);
  if (companyId === null) throw new AppError("NO_COMPANY_SELECTED");
  return companyId;
}

export async function loadAuth(ctx: AppContext, header: string | undefined): Promise<RequestAuth> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  if (!match) throw new AppError("NOT_AUTHENTICATED");
  const userId = await ctx.tokens.verifyAccess(match[1]!);
  const user = await ctx.repos.users.findById(userId);
  if (!user?.isActive) throw new AppError("TOKEN_INVALID", [], "user missing or inactive");
  let settings = await ctx.repos.users.getSettings(user.id);
  const memberships = await ctx.repos.companies.listMemberships(user.id);
  const membership = memberships.find((m) => m.companyId === settings.selectedCompanyId) ?? memberships[0];
  const companyId = membership?.companyId ?? null;
  if (companyId !== settings.selectedCompanyId) {
    // Never selected, or the membership is gone: fall back to the first company, and forget the
    // model and scenario, which belonged to the other one.
    settings = await ctx.repos.users.updateSettings(user.id, {
      selectedCompanyId: companyId,
      selectedModelId: null,
      selectedScenarioId: null,
    });
  }
  const rules = defineRules(user.role, membership?.groupName);
  return { user, settings, memberships, companyId, membership, rules, ability: buildAbility(rules) };
}

/**
 * Every /api/v1 route must declare its access (checked when the route is added, so a route
 * without one cannot ship); non-public routes authenticate the caller and check the ability
 * before the body is even parsed.
 */
export function registerAccessControl(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest("auth", null);
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith(API_PREFIX) && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
  });
  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === "public") return;
    const auth = await loadAuth(ctx, request.headers.authorization);
    if (!auth.ability.can(access.action, access.subject)) {
      throw new AppError("FORBIDDEN", [], `${access.action} ${access.subject} denied`);
    }
    request.auth = auth;
  });
}
