import { isLanguage } from "@costflow/contract/languages";
import { uploadMessage } from "@costflow/contract/uploads";
import type { UploadView } from "@costflow/db/repositories/uploads";
import type { AppContext } from "../../context.ts";
import { UPLOAD_PREFIX } from "../notifications/routes.ts";

/** The page where the loaded data of an upload is seen. */
function linkOf(upload: UploadView): string {
  switch (upload.kind) {
    case "RECORDS":
      return `/model/scenario/dimension/data/${upload.dimensionId}`;
    case "COST_POOLS":
    case "POOL_DRIVER_VALUES":
      return "/model/scenario/costpools";
    default:
      return "/model/scenario/financial-accounts";
  }
}

/** Tells the user who uploaded the file how its processing ended, in their language. */
export async function notifyUploadDone(
  ctx: AppContext,
  upload: UploadView,
  outcome: { status: "PROCESSED" | "ERROR" | "STOPPED"; rows: number; errors: number },
): Promise<void> {
  if (upload.requestedBy === null) return;
  const { language } = await ctx.repos.users.getSettings(upload.requestedBy);
  const lang = isLanguage(language) ? language : "en";
  const values = { file: upload.fileName, rows: outcome.rows, count: outcome.errors };
  await ctx.repos.notifications.create({
    userId: upload.requestedBy,
    companyId: upload.companyId,
    title: uploadMessage(lang, `notifications.${outcome.status}.title`, values),
    message: uploadMessage(lang, `notifications.${outcome.status}.message`, values),
    messageKey: `${UPLOAD_PREFIX}notifications.${outcome.status}`,
    params: values,
    link: linkOf(upload),
  });
}
