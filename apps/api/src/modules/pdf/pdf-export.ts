import { isLanguage, type Language } from "@costflow/contract/languages";
import type { ExportFileView } from "@costflow/db/repositories/export-files";
import type { AppContext } from "../../context.ts";
import type { ExportProgress, ExportWriter } from "../export-files/export-writer.ts";
import type { PdfRequest } from "./write-pdf.ts";

// The PDF entries of the file pipeline (docs/exports.md, "Pipeline"; docs/pdf.md): PDF_SUMMARY and
// PDF_REPORT files are written by the renderer into the file store's temporary file, in the
// language the request named (`options.language`) or else the requesting user's.

async function languageOf(ctx: AppContext, file: ExportFileView): Promise<Language> {
  const asked = (file.options as { language?: unknown } | null)?.language;
  if (typeof asked === "string" && isLanguage(asked)) return asked;
  if (file.requestedBy === null) return "en";
  const { language } = await ctx.repos.users.getSettings(file.requestedBy);
  return isLanguage(language) ? language : "en";
}

/** The renderer reports progress synchronously; the pipeline's report is throttled and async. */
function progressOf(progress: ExportProgress, stop: AbortController): (fraction: number) => void {
  return (fraction) => {
    progress(fraction).catch(() => stop.abort());
  };
}

async function write(
  ctx: AppContext,
  file: ExportFileView,
  out: NodeJS.WritableStream,
  progress: ExportProgress,
  signal: AbortSignal,
  request: (base: { companyId: number; scenarioId: number; language: Language }) => PdfRequest,
): Promise<void> {
  if (file.scenarioId === null) throw new Error("a PDF file without a scenario");
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    const base = {
      companyId: file.companyId,
      scenarioId: file.scenarioId,
      language: await languageOf(ctx, file),
    };
    const { writePdf } = await import("./write-pdf.ts"); // loaded on the first PDF, not at start
    await writePdf(ctx, request(base), out, progressOf(progress, stop), stop.signal);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

export const writePdfSummaryFile: ExportWriter = (ctx, file, out, progress, signal) =>
  write(ctx, file, out, progress, signal, (base) => ({ ...base, kind: "PDF_SUMMARY" }));

export const writePdfReportFile: ExportWriter = (ctx, file, out, progress, signal) =>
  write(ctx, file, out, progress, signal, (base) => ({
    ...base,
    kind: "PDF_REPORT",
    reportId: Number((file.options as { report?: unknown }).report),
  }));
