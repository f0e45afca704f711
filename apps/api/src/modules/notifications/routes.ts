import {
  IdParams,
  MarkAllNotificationsRequest,
  MarkAllNotificationsResponse,
  MarkNotificationRequest,
  Notification,
  NotificationListQuery,
  NotificationPage,
} from "@costflow/contract/account";
import type { Notification as NotificationRow } from "@costflow/db/repositories/notifications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { iso, toPage } from "../../lib/pagination.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { authOf } from "../../plugins/access.ts";

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    link: row.link,
    created_at: iso(row.createdAt),
    is_read: row.isRead,
  };
}

/** My notifications: every query is filtered by the caller, so another user's id answers 404. */
export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["account"];
    const read = { access: { action: "read", subject: "Account" } } as const;
    const update = { access: { action: "update", subject: "Account" } } as const;

    app.get(
      "/account/notifications",
      {
        config: read,
        schema: {
          tags,
          summary: "My notifications, newest first, with the unread count",
          security: bearer,
          querystring: NotificationListQuery,
          response: { 200: NotificationPage, ...errorResponses },
        },
      },
      async (request) => {
        const query = request.query;
        const isRead = query.is_read === undefined ? undefined : query.is_read === "true";
        const result = await ctx.repos.notifications.list(authOf(request).user.id, { isRead }, query);
        return { ...toPage(request, result, query, toNotification), unread: result.unread };
      },
    );

    app.put(
      "/account/notifications",
      {
        config: update,
        schema: {
          tags,
          summary: "Mark all my notifications read",
          security: bearer,
          body: MarkAllNotificationsRequest,
          response: { 200: MarkAllNotificationsResponse, ...errorResponses },
        },
      },
      async (request) => ({ updated: await ctx.repos.notifications.markAllRead(authOf(request).user.id) }),
    );

    app.put(
      "/account/notifications/:id",
      {
        config: update,
        schema: {
          tags,
          summary: "Mark one of my notifications read or unread",
          security: bearer,
          params: IdParams,
          body: MarkNotificationRequest,
          response: { 200: Notification, ...errorResponses },
        },
      },
      async (request) => {
        const row = await ctx.repos.notifications.mark(
          authOf(request).user.id,
          request.params.id,
          request.body.is_read,
        );
        if (!row) throw notFound();
        return toNotification(row);
      },
    );
  };
}
