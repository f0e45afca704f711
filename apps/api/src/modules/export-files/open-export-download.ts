import type { Readable } from "node:stream";
import type { AppContext } from "../../context.ts";
import { fieldError, notFound } from "../../lib/app-error.ts";
import { fileStore } from "./export-settings.ts";

/** A finished file of the downloads list and its stored content (404 when the store lost it). */
export async function openExportDownload(ctx: AppContext, companyId: number, id: number) {
  const row = await ctx.repos.exportFiles.find(companyId, id);
  if (!row) throw notFound();
  if (row.status !== "PROCESSED" || !row.filePath) throw fieldError("CONFLICT", "status", "not_ready");
  let stream: Readable;
  try {
    stream = await fileStore().open(row.filePath);
  } catch {
    throw notFound();
  }
  return { row, stream };
}
