import { pipeline, Readable } from "node:stream";
import { createGzip, gunzipSync } from "node:zlib";
import type { Sankey, ValidationReport } from "@costflow/contract/calculation";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { type RunRef, resolveRun } from "./result-services.ts";
import { summaryPieces } from "./stream-summary.ts";

/**
 * The results summary of a run as the body to send: gzipped when the client accepts it
 * (`gzipped` says whether the body is), never held whole in memory for runs that keep its pieces.
 */
export async function readResultsSummary(
  ctx: AppContext,
  ref: RunRef,
  acceptsGzip: boolean,
): Promise<{ body: Readable | Buffer; gzipped: boolean }> {
  const head = await ctx.repos.results.report(ref.companyId, ref.calculationId, "summaryHead");
  if (head) {
    // Written from the report data as it is sent (stream-summary.ts): gigabytes at size L.
    const text = Readable.from(summaryPieces(ctx.repos.reportSummary, ref, head, ref.meta.minorDigits));
    if (!acceptsGzip) return { body: text, gzipped: false };
    const gzip = createGzip({ level: 1 });
    pipeline(text, gzip, () => {});
    return { body: gzip, gzipped: true };
  }
  // Runs from before migration 0015 kept the whole text, compressed.
  const gz = await ctx.repos.results.report(ref.companyId, ref.calculationId, "summaryGz");
  if (!gz) throw new AppError("NO_CALCULATION");
  if (acceptsGzip) return { body: Buffer.from(gz), gzipped: true };
  return { body: gunzipSync(gz), gzipped: false };
}

/** The validation report of the scenario's latest reports run. */
export async function readValidationReport(ctx: AppContext, companyId: number, scenario: number) {
  const ref = await resolveRun(ctx, companyId, scenario, "REPORTS");
  const validation = await ctx.repos.results.report(ref.companyId, ref.calculationId, "validation");
  if (!validation) throw new AppError("NO_CALCULATION");
  return {
    ...(validation as Omit<z.infer<typeof ValidationReport>, "calculation_id" | "finished_at">),
    calculation_id: ref.calculationId,
    finished_at: ref.finishedAt ? ref.finishedAt.toISOString() : null,
  };
}

/** The Sankey diagram of the scenario's latest reports run. */
export async function readSankey(ctx: AppContext, companyId: number, scenario: number) {
  const ref = await resolveRun(ctx, companyId, scenario, "REPORTS");
  const sankey = await ctx.repos.results.report(ref.companyId, ref.calculationId, "sankey");
  if (!sankey) throw new AppError("NO_CALCULATION");
  return {
    ...(sankey as Omit<z.infer<typeof Sankey>, "calculation_id">),
    calculation_id: ref.calculationId,
  };
}
