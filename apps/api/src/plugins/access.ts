import { randomUUID } from "node:crypto";
import type { AbilityRule, Action, Subject } from "@costflow/contract/abilities";
import type { MembershipView } from "@costflow/db/repositories/companies";
import type { User, UserSettings } from "@costflow/db/repositories/users";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { AppError } from "../lib/app-error.ts";
import { createSessionCache, type SessionCache } from "../lib/session-cache.ts";
import { type AppAbility, buildAbility, defineRules } from "../modules/auth/define-abilities.ts";
import { INTERNAL_CALLER_HEADER, internalCallerOf } from "../modules/export-files/table-export.ts";

export const API_PREFIX = "/api/v1";

/** What a route allows: anyone ("public"), or callers whose abilities include action on subject. */
type RouteAccess = "public" | { action: Action; subject: Subject };

/**
 * The caller of an authenticated request, read from the database (loadAuth); a GET may reuse the
 * same session's caller read less than a second before (lib/session-cache.ts). Never mutated.
 */
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

/**
 * Rules and ability depend only on (role, group), of which there are a handful: built once
 * each, not per request (building a CASL ability compiles its rules). Never mutated.
 */
const abilities = new Map<string, { rules: AbilityRule[]; ability: AppAbility }>();
function abilityOf(role: string, groupName: string | undefined) {
  const key = `${role}\u0000${groupName ?? ""}`;
  let entry = abilities.get(key);
  if (!entry) {
    const rules = defineRules(role, groupName);
    entry = { rules, ability: buildAbility(rules) };
    abilities.set(key, entry);
  }
  return entry;
}

/**
 * The caller of a request, read from the database in one statement (user, settings,
 * memberships, and whether the token's refresh family is still live). With `recent`, a GET
 * reuses the same session's caller read less than SESSION_CACHE_MS before, unless a request that
 * may write ran since: a logout, a detected reuse, a password change, a membership or role
 * change made through this process applies to the next request, one made through another
 * process within that window (docs/ARCHITECTURE.md, "Authentication").
 */
async function loadAuth(
  ctx: AppContext,
  header: string | undefined,
  recent?: SessionCache<RequestAuth>,
): Promise<RequestAuth> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  if (!match) throw new AppError("NOT_AUTHENTICATED");
  const claims = await ctx.tokens.verifyAccess(match[1]!);
  if (!recent) return readAuth(ctx, claims);
  const key = `${claims.userId}:${claims.familyId}`;
  const known = recent.get(key);
  if (known) return known;
  const epoch = recent.epoch();
  const auth = await readAuth(ctx, claims);
  recent.set(key, auth, epoch);
  return auth;
}

async function readAuth(ctx: AppContext, claims: { userId: number; familyId: string }): Promise<RequestAuth> {
  const session = await ctx.repos.users.loadSession(claims.userId, claims.familyId);
  if (!session?.user.isActive) throw new AppError("TOKEN_INVALID", [], "user missing or inactive");
  if (!session.familyLive) throw new AppError("TOKEN_INVALID", [], "session ended (refresh family revoked)");
  const { user, memberships } = session;
  let settings = session.settings ?? (await ctx.repos.users.getSettings(user.id));
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
  const { rules, ability } = abilityOf(user.role, membership?.groupName);
  return { user, settings, memberships, companyId, membership, rules, ability };
}

/**
 * The caller of an in-process table read of the file pipeline (modules/export-files/table-export.ts):
 * the user who asked for the export, in the company the export belongs to, with the abilities they
 * have now. A user no longer active or no longer a member of that company is refused.
 */
async function loadInternalAuth(
  ctx: AppContext,
  caller: { userId: number; companyId: number },
): Promise<RequestAuth> {
  const session = await ctx.repos.users.loadSession(caller.userId, randomUUID());
  if (!session?.user.isActive) throw new AppError("TOKEN_INVALID", [], "user missing or inactive");
  const membership = session.memberships.find((m) => m.companyId === caller.companyId);
  if (!membership) throw new AppError("TOKEN_INVALID", [], "no longer a member of the export's company");
  const settings = session.settings ?? (await ctx.repos.users.getSettings(session.user.id));
  const { rules, ability } = abilityOf(session.user.role, membership.groupName);
  return {
    user: session.user,
    settings,
    memberships: session.memberships,
    companyId: caller.companyId,
    membership,
    rules,
    ability,
  };
}

/**
 * Every /api/v1 route must declare its access (checked when the route is added, so a route
 * without one cannot ship); non-public routes authenticate the caller and check the ability
 * before the body is even parsed.
 */
export function registerAccessControl(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest("auth", null);
  // Callers of GET requests are reused for SESSION_CACHE_MS; any other request may change a
  // session, a role or a membership, so it forgets them all before it runs and before it answers.
  const recent = createSessionCache<RequestAuth>();
  const mayWrite = (method: string) => method !== "GET" && method !== "HEAD";
  app.addHook("onSend", async (request) => {
    if (mayWrite(request.method)) recent.clear();
  });
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith(API_PREFIX) && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
  });
  app.addHook("onRequest", async (request) => {
    const write = mayWrite(request.method);
    if (write) recent.clear();
    const access = request.routeOptions.config.access;
    if (!access || access === "public") return;
    const internal = internalCallerOf(request.headers[INTERNAL_CALLER_HEADER]);
    const auth = internal
      ? await loadInternalAuth(ctx, internal)
      : await loadAuth(ctx, request.headers.authorization, write ? undefined : recent);
    if (!auth.ability.can(access.action, access.subject)) {
      throw new AppError("FORBIDDEN", [], `${access.action} ${access.subject} denied`);
    }
    request.auth = auth;
  });
}
