import { isLanguage } from "@costflow/contract/languages";
import { type MessageKey, serverMessage } from "@costflow/contract/server-messages";
import type { Executor } from "@costflow/db/client";
import type { AppContext } from "../../context.ts";

type NotificationKey =
  | "welcome"
  | "invitation_received"
  | "invitation_accepted"
  | "invitation_declined"
  | "request_received"
  | "request_accepted"
  | "request_declined"
  | "company_validated"
  | "calculation_finished"
  | "calculation_failed"
  | "export_ready"
  | "export_failed";

/** Creates one notification per user, written in that user's language. */
export async function notifyUsers(
  ctx: AppContext,
  userIds: number[],
  notification: {
    key: NotificationKey;
    values: Record<string, string | number>;
    link?: string | null;
    companyId?: number | null;
  },
  tx: Executor = ctx.db,
): Promise<void> {
  const rows = [];
  for (const userId of new Set(userIds)) {
    const { language } = await ctx.repos.users.getSettings(userId, tx);
    const lang = isLanguage(language) ? language : "en";
    const base = `emails.notifications.${notification.key}`;
    rows.push({
      userId,
      companyId: notification.companyId ?? null,
      title: serverMessage(lang, `${base}.title` as MessageKey, notification.values),
      message: serverMessage(lang, `${base}.message` as MessageKey, notification.values),
      messageKey: base,
      params: notification.values,
      link: notification.link ?? null,
    });
  }
  await ctx.repos.notifications.create(rows, tx);
}
