import { COMPANY_ADMIN_GROUP } from "@costflow/contract/abilities";
import {
  AcceptCompanyRequest,
  CompanyInvitation,
  CompanyInvitationListQuery,
  CompanyInvitationPage,
  CompanyRequest,
  CompanyRequestListQuery,
  CompanyRequestPage,
  CreateCompanyInvitation,
  CreateCompanyRequest,
  EmptyBody,
  IdParams,
} from "@costflow/contract/account";
import { Membership } from "@costflow/contract/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { languageFromHeader } from "../../lib/language.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { authOf } from "../../plugins/access.ts";
import { toMembership } from "../users/get-me.ts";
import { answerCompanyInvitation, inviteToCompany } from "./company-invitations.ts";
import { createCompanyRequest, decideCompanyRequest } from "./company-requests.ts";
import { requireCompanyAdmin, toCompanyInvitation, toCompanyRequest } from "./company-views.ts";

const tags = ["companies"];
const read = { access: { action: "read", subject: "Account" } } as const;
const update = { access: { action: "update", subject: "Account" } } as const;

/**
 * Memberships, requests to join and invitations. They concern companies other than the selected
 * one, so each service checks membership of the company at hand (administrators group for
 * acting on its behalf); the route-level ability is only "may use their own account".
 */
export function companyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerMembershipRequests(app, ctx);
    registerRequestAnswers(app, ctx);
    registerInvitations(app, ctx);
  };
}

/** My memberships, and my requests to join a company. */
function registerMembershipRequests(app: RouteApp, ctx: AppContext) {
  app.get(
    "/account/companies",
    {
      config: read,
      schema: {
        tags,
        summary: "My company memberships",
        security: bearer,
        response: { 200: z.array(Membership), ...errorResponses },
      },
    },
    async (request) => authOf(request).memberships.map(toMembership),
  );

  app.get(
    "/account/company-requests",
    {
      config: read,
      schema: {
        tags,
        summary: "My requests to join companies, and requests to the companies I administer",
        security: bearer,
        querystring: CompanyRequestListQuery,
        response: { 200: CompanyRequestPage, ...errorResponses },
      },
    },
    async (request) => {
      const { status, ...page } = request.query;
      const result = await ctx.repos.companyRequests.listRequestsVisibleTo(
        authOf(request).user.id,
        COMPANY_ADMIN_GROUP,
        { status },
        page,
      );
      return toPage(request, result, page, toCompanyRequest);
    },
  );

  app.post(
    "/account/company-requests",
    {
      config: { access: { action: "create", subject: "Account" } },
      schema: {
        tags,
        summary: "Ask to join a company by its name",
        security: bearer,
        body: CreateCompanyRequest,
        response: { 201: CompanyRequest, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCompanyRequest(ctx, authOf(request), request.body.company_name)),
  );
}

/** A company's administrators accept or decline a request to join. */
function registerRequestAnswers(app: RouteApp, ctx: AppContext) {
  app.post(
    "/account/company-requests/:id/accept",
    {
      config: update,
      schema: {
        tags,
        summary: "Accept a request to join a company I administer",
        security: bearer,
        params: IdParams,
        body: AcceptCompanyRequest.nullish(),
        response: { 200: CompanyRequest, ...errorResponses },
      },
    },
    async (request) =>
      decideCompanyRequest(ctx, authOf(request), request.params.id, "ACCEPTED", request.body?.group_name),
  );

  app.post(
    "/account/company-requests/:id/decline",
    {
      config: update,
      schema: {
        tags,
        summary: "Decline a request to join a company I administer",
        security: bearer,
        params: IdParams,
        body: EmptyBody,
        response: { 200: CompanyRequest, ...errorResponses },
      },
    },
    async (request) => decideCompanyRequest(ctx, authOf(request), request.params.id, "DECLINED"),
  );
}

/** Invitations to a company, and their answers. */
function registerInvitations(app: RouteApp, ctx: AppContext) {
  app.get(
    "/account/company-invitations",
    {
      config: read,
      schema: {
        tags,
        summary: "Invitations addressed to me, or with ?company= those a company I administer sent",
        security: bearer,
        querystring: CompanyInvitationListQuery,
        response: { 200: CompanyInvitationPage, ...errorResponses },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { company, status, ...page } = request.query;
      if (company !== undefined) requireCompanyAdmin(auth, company, "company");
      const scope = company !== undefined ? { companyId: company } : { email: auth.user.email };
      const result = await ctx.repos.companyRequests.listInvitations(scope, { status }, page);
      return toPage(request, result, page, toCompanyInvitation);
    },
  );

  app.post(
    "/account/company-invitations",
    {
      config: { access: { action: "create", subject: "Account" } },
      schema: {
        tags,
        summary: "Invite an e-mail address to a company I administer",
        security: bearer,
        body: CreateCompanyInvitation,
        response: { 201: CompanyInvitation, ...errorResponses },
      },
    },
    async (request, reply) => {
      const language = languageFromHeader(request.headers["accept-language"]);
      return reply.code(201).send(await inviteToCompany(ctx, authOf(request), request.body, language));
    },
  );

  for (const [action, decision] of [
    ["accept", "ACCEPTED"],
    ["decline", "DECLINED"],
  ] as const) {
    app.post(
      `/account/company-invitations/:id/${action}`,
      {
        config: update,
        schema: {
          tags,
          summary: `${action === "accept" ? "Accept" : "Decline"} an invitation addressed to me`,
          security: bearer,
          params: IdParams,
          body: EmptyBody,
          response: { 200: CompanyInvitation, ...errorResponses },
        },
      },
      async (request) => answerCompanyInvitation(ctx, authOf(request), request.params.id, decision),
    );
  }
}
