import {
  CompanySignupRequest,
  CompanyValidateRequest,
  CompanyValidateResponse,
  LoginRequest,
  RefreshRequest,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordConfirmRequest,
  ResetPasswordRequest,
  SetPasswordRequest,
  TokenPair,
} from "@costflow/contract/auth";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { languageFromHeader } from "../../lib/language.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses, NoContent } from "../../lib/route-schemas.ts";
import { authOf } from "../../plugins/access.ts";
import { changePassword } from "./change-password.ts";
import { loginUser } from "./login-user.ts";
import { logoutSession, refreshSession } from "./refresh-session.ts";
import { registerCompany } from "./register-company.ts";
import { confirmPasswordReset, requestPasswordReset } from "./reset-password.ts";
import { validateCompany } from "./validate-company.ts";

/**
 * The refresh rate-limit key: the family named in the token's payload, read without checking the
 * signature (the service checks it; a forged family only buys its own bucket, and the address
 * limit still applies). Anything unreadable is keyed by its sender's address.
 */
function refreshFamilyKey(body: unknown): string {
  const token = (body as { refresh?: unknown } | undefined)?.refresh;
  const payload = typeof token === "string" ? token.split(".")[1] : undefined;
  if (payload) {
    try {
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { fam?: unknown };
      if (typeof claims.fam === "string" && claims.fam.length <= 64) return `fam:${claims.fam}`;
    } catch {
      // not a JWT payload
    }
  }
  return "unreadable";
}

/** Counted per IP and e-mail (per IP where there is no e-mail), after the body is parsed. */
const limited = (ctx: AppContext, byEmail: boolean) => ({
  max: ctx.config.authRateLimit.max,
  timeWindow: ctx.config.authRateLimit.windowMs,
  hook: "preValidation" as const,
  keyGenerator: (request: FastifyRequest) => {
    const body = request.body as { email?: unknown } | undefined;
    const email = byEmail && typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
    return `${request.ip}|${email}`;
  },
});
const tags = ["auth"];

/** Login, token refresh/logout, password change and reset, registration, company validation. */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerSessionRoutes(app, ctx);
    registerPasswordRoutes(app, ctx);
    registerSignupRoutes(app, ctx);
  };
}

/** Login, token refresh and logout. */
function registerSessionRoutes(app: RouteApp, ctx: AppContext) {
  // Refresh is counted per session (the token's family), not per address: every user behind
  // one office or proxy address shares that address, and a refused refresh ends the session.
  // The address gets a generous limit of its own, against floods of made-up tokens.
  const perFamily = app.createRateLimit({
    max: ctx.config.authRateLimit.max,
    timeWindow: ctx.config.authRateLimit.windowMs,
    keyGenerator: (request) => `refresh|${refreshFamilyKey(request.body)}`,
  });

  const refreshLimits = {
    config: {
      access: "public" as const,
      rateLimit: {
        max: ctx.config.authRateLimit.ipMax ?? 600,
        timeWindow: ctx.config.authRateLimit.windowMs,
        hook: "preValidation" as const,
        keyGenerator: (request: FastifyRequest) => `refresh-ip|${request.ip}`,
      },
    },
    preValidation: async (request: FastifyRequest) => {
      const counted = await perFamily(request);
      if (!counted.isAllowed && counted.isExceeded) throw new AppError("RATE_LIMITED");
    },
  };

  app.post(
    "/auth/jwt/create",
    {
      config: { access: "public", rateLimit: limited(ctx, true) },
      schema: {
        tags,
        summary: "Log in: e-mail and password for an access and a refresh token",
        body: LoginRequest,
        response: { 200: TokenPair, ...errorResponses },
      },
    },
    async (request) => loginUser(ctx, request.body),
  );

  app.post(
    "/auth/jwt/refresh",
    {
      ...refreshLimits,
      schema: {
        tags,
        summary: "Exchange a refresh token for a new pair (the old one is revoked)",
        body: RefreshRequest,
        response: { 200: TokenPair, ...errorResponses },
      },
    },
    async (request) => refreshSession(ctx, request.body.refresh),
  );

  app.post(
    "/auth/jwt/logout",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Revoke a refresh token",
        body: RefreshRequest,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await logoutSession(ctx, request.body.refresh);
      return reply.code(204).send(null);
    },
  );
}

/** Password change, reset and its confirmation. */
function registerPasswordRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    "/auth/users/set_password",
    {
      config: { access: { action: "update", subject: "Account" } },
      schema: {
        tags,
        summary: "Change my password; every other session ends",
        security: bearer,
        body: SetPasswordRequest,
        response: { 200: TokenPair, ...errorResponses },
      },
    },
    async (request) => changePassword(ctx, authOf(request).user.id, request.body),
  );

  app.post(
    "/auth/users/reset_password",
    {
      config: { access: "public", rateLimit: limited(ctx, true) },
      schema: {
        tags,
        summary: "E-mail a password reset link (answers 204 whether or not the address is known)",
        body: ResetPasswordRequest,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/auth/users/reset_password_confirm",
    {
      config: { access: "public", rateLimit: limited(ctx, false) },
      schema: {
        tags,
        summary: "Set a new password with the e-mailed uid and token",
        body: ResetPasswordConfirmRequest,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await confirmPasswordReset(ctx, request.body);
      return reply.code(204).send(null);
    },
  );
}

/** Registration of a user or a company, and the company's validation. */
function registerSignupRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    "/auth/users",
    {
      config: { access: "public", rateLimit: limited(ctx, true) },
      schema: {
        tags,
        summary: "Register: a user, their pending company, and a validation e-mail",
        body: RegisterRequest,
        response: { 201: RegisterResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const language = languageFromHeader(request.headers["accept-language"]);
      return reply.code(201).send(await registerCompany(ctx, request.body, language));
    },
  );

  app.post(
    "/company-signup",
    {
      config: { access: "public", rateLimit: limited(ctx, true) },
      schema: {
        tags,
        summary: "Company sign-up: registration with the company's profile",
        body: CompanySignupRequest,
        response: { 201: RegisterResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const language = languageFromHeader(request.headers["accept-language"]);
      return reply.code(201).send(await registerCompany(ctx, request.body, language));
    },
  );

  app.post(
    "/company/validate",
    {
      config: { access: "public", rateLimit: limited(ctx, false) },
      schema: {
        tags,
        summary: "Validate a company with the e-mailed uid and token",
        body: CompanyValidateRequest,
        response: { 200: CompanyValidateResponse, ...errorResponses },
      },
    },
    async (request) => validateCompany(ctx, request.body),
  );
}
