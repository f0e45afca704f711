import { COMPANY_ADMIN_GROUP } from "@costflow/contract/abilities";
import type { ExportFileView } from "@costflow/db/repositories/export-files";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";
import type { RequestAuth } from "../../plugins/access.ts";
import { fileKey, fileStore } from "./export-settings.ts";

// Stopping and deleting a file of the downloads list: its requester or the company's administrators.

const isAdmin = (auth: RequestAuth) => auth.membership?.groupName === COMPANY_ADMIN_GROUP;
const canChange = (auth: RequestAuth, row: ExportFileView) =>
  row.requestedBy === auth.user.id || isAdmin(auth);

async function findChangeable(ctx: AppContext, auth: RequestAuth, companyId: number, id: number) {
  const found = await ctx.repos.exportFiles.find(companyId, id);
  if (!found) throw notFound();
  if (!canChange(auth, found)) throw fieldError("FORBIDDEN", "id", "not_owner");
  return found;
}

/** Stop a file still being written: it ends in ERROR (stopped) and nothing is kept. */
export async function stopExportFile(ctx: AppContext, auth: RequestAuth, companyId: number, id: number) {
  await findChangeable(ctx, auth, companyId, id);
  const row = await ctx.repos.exportFiles.requestStop(companyId, id);
  if (!row) throw notFound();
  if (row.status !== "PROCESSING") throw fieldError("CONFLICT", "status", "not_running");
  return row;
}

/** Delete a file (a file still being written is stopped and removed). */
export async function deleteExportFile(ctx: AppContext, auth: RequestAuth, companyId: number, id: number) {
  const found = await findChangeable(ctx, auth, companyId, id);
  const files = ctx.repos.exportFiles;
  await files.requestStop(companyId, found.id);
  await files.remove(companyId, found.id);
  await fileStore().remove(fileKey(companyId, found.id));
}
