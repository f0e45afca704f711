import { COMPANY_ADMIN_GROUP } from "@costflow/contract/abilities";
import { IdParams } from "@costflow/contract/account";
import { OutboxEmail, OutboxListQuery, OutboxPage } from "@costflow/contract/admin";
import type { OutboxReader, OutboxEmail as OutboxRow } from "@costflow/db/repositories/email-outbox";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { iso, toPage } from "../../lib/pagination.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { authOf, tenantOf } from "../../plugins/access.ts";

function toOutboxEmail(row: OutboxRow): OutboxEmail {
  return {
    id: row.id,
    to: row.toEmail,
    subject: row.subject,
    text: row.text,
    created_at: iso(row.createdAt),
    transport: row.transport as OutboxEmail["transport"],
    status: row.status as OutboxEmail["status"],
  };
}

/**
 * The e-mail outbox, for administrators (ability manage Admin), limited to the selected
 * company's mail (see the repository's visibleTo for exactly which messages).
 */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const readerOf = (request: FastifyRequest): OutboxReader => ({
    companyId: tenantOf(request),
    userId: authOf(request).user.id,
    adminGroup: COMPANY_ADMIN_GROUP,
  });
  return async (app) => {
    const tags = ["admin"];
    const access = { access: { action: "manage", subject: "Admin" } } as const;

    app.get(
      "/admin/outbox",
      {
        config: access,
        schema: {
          tags,
          summary: "E-mails sent to the company's members or about the company, newest first",
          security: bearer,
          querystring: OutboxListQuery,
          response: { 200: OutboxPage, ...errorResponses },
        },
      },
      async (request) => {
        const { to, ...page } = request.query;
        const result = await ctx.repos.outbox.listVisible(readerOf(request), { to }, page);
        return toPage(request, result, page, toOutboxEmail);
      },
    );

    app.get(
      "/admin/outbox/:id",
      {
        config: access,
        schema: {
          tags,
          summary: "One e-mail of the outbox",
          security: bearer,
          params: IdParams,
          response: { 200: OutboxEmail, ...errorResponses },
        },
      },
      async (request) => {
        const row = await ctx.repos.outbox.findVisible(readerOf(request), request.params.id);
        if (!row) throw notFound();
        return toOutboxEmail(row);
      },
    );
  };
}
