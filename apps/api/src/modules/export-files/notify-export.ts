import { isLanguage } from "@costflow/contract/languages";
import { type MessageKey, serverMessage } from "@costflow/contract/server-messages";
import type { ExportFileView } from "@costflow/db/repositories/export-files";
import type { AppContext } from "../../context.ts";
import { notifyUsers } from "../notifications/notify-users.ts";

/** Tells the user who asked for a file that it is ready, or why it could not be made. */
export async function notifyExportDone(
  ctx: AppContext,
  file: ExportFileView,
  outcome:
    | { status: "PROCESSED" }
    | { status: "ERROR"; reason: string; params?: Record<string, string | number> },
): Promise<void> {
  if (file.requestedBy === null) return;
  const name = file.fileName ?? file.title;
  if (outcome.status === "PROCESSED") {
    await notifyUsers(ctx, [file.requestedBy], {
      key: "export_ready",
      values: { file: name },
      link: "/report-export",
      companyId: file.companyId,
    });
    return;
  }
  const { language } = await ctx.repos.users.getSettings(file.requestedBy);
  const lang = isLanguage(language) ? language : "en";
  const reason = serverMessage(
    lang,
    `errors.export_file.${outcome.reason}` as MessageKey,
    outcome.params ?? {},
  );
  await notifyUsers(ctx, [file.requestedBy], {
    key: "export_failed",
    values: { file: name, reason },
    link: "/report-export",
    companyId: file.companyId,
  });
}
