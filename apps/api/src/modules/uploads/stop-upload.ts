import type { UploadView } from "@costflow/db/repositories/uploads";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";

/** Asks the worker to stop a file still being processed (409 when it is no longer running). */
export async function stopUpload(ctx: AppContext, companyId: number, id: number): Promise<UploadView> {
  const row = await ctx.repos.uploads.requestStop(companyId, id);
  if (!row) throw notFound();
  if (row.status !== "PROCESSING") throw fieldError("CONFLICT", "status", "not_running");
  return row;
}
