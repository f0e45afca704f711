import {
  IdParams,
  MarkAllNotificationsRequest,
  MarkAllNotificationsResponse,
  MarkNotificationRequest,
  Notification,
  NotificationListQuery,
  NotificationPage,
} from "@costflow/contract/account";
import type { Language } from "@costflow/contract/languages";
import { type MessageKey, serverMessage } from "@costflow/contract/server-messages";
import { uploadMessage } from "@costflow/contract/uploads";
import type { Notification as NotificationRow } from "@costflow/db/repositories/notifications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { languageFromHeader } from "../../lib/language.ts";
import { iso, toPage } from "../../lib/pagination.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { authOf } from "../../plugins/access.ts";

/**
 * A notification as the API shows it, in the reader's language: rows written with a message key are
 * rendered again from it (a user who switches language reads old notifications in the new one).
 */
export function toNotification(row: NotificationRow, language: Language): Notification {
  return {
    id: row.id,
    ...notificationText(row, language),
    link: row.link,
    created_at: iso(row.createdAt),
    is_read: row.isRead,
  };
}

function notificationText(
  row: Pick<NotificationRow, "title" | "message" | "messageKey" | "params">,
  language: Language,
): { title: string; message: string } {
  const key = row.messageKey;
  if (!key) return { title: row.title, message: row.message };
  if (key.startsWith(UPLOAD_PREFIX)) {
    const base = key.slice(UPLOAD_PREFIX.length);
    return {
      title: uploadMessage(language, `${base}.title`, row.params),
      message: uploadMessage(language, `${base}.message`, row.params),
    };
  }
  return {
    title: serverMessage(language, `${key}.title` as MessageKey, row.params),
    message: serverMessage(language, `${key}.message` as MessageKey, row.params),
  };
}

/** Marks a message key of the upload messages (packages/contract/src/uploads.ts). */
export const UPLOAD_PREFIX = "uploads:";

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
        const language = languageFromHeader(request.headers["accept-language"]);
        return {
          ...toPage(request, result, query, (row) => toNotification(row, language)),
          unread: result.unread,
        };
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
        return toNotification(row, languageFromHeader(request.headers["accept-language"]));
      },
    );
  };
}
