import { pipeline } from "node:stream/promises";
import type { Language } from "@costflow/contract/languages";
import { type PdfBlock, PdfReportData, pdfMessage } from "@costflow/contract/pdf-reports";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { type BlockContext, drawBlock, Formatter, type ModelDimension } from "./pdf-blocks.ts";
import { PdfLayout } from "./pdf-document.ts";

// The one entry of the PDF renderer (docs/pdf.md): the file pipeline's job calls it with the
// company, the scenario, the language and what to write (the management summary, or a saved PDF
// report by id), and an output stream. Pure Node: PDFKit writes the file, fonts come from npm
// packages, charts are ECharts' server-side SVG drawn as vectors.

export type PdfRequest =
  | { companyId: number; scenarioId: number; language: Language; kind: "PDF_SUMMARY" }
  | { companyId: number; scenarioId: number; language: Language; kind: "PDF_REPORT"; reportId: number };

interface PdfResult {
  pages: number;
  fileName: string;
}

/** How many records the summary's top and bottom tables show per dimension. */
const SUMMARY_TOP_N = 10;

/** The blocks of the management summary (issue 10: key figures, validation, Sankey, whale
 * curve, waterfall of the total, top and bottom 10 records of each dimension). */
function summaryBlocks(model: { dimensions: ModelDimension[]; main: number | null }): PdfBlock[] {
  const blocks: PdfBlock[] = [{ type: "key_figures" }, { type: "validation" }, { type: "sankey" }];
  if (model.main !== null) {
    blocks.push({ type: "whale", dimension: model.main });
    blocks.push({ type: "waterfall", dimension: model.main });
  }
  for (const d of model.dimensions) {
    if (d.records === 0) continue;
    blocks.push({ type: "top_bottom", dimension: d.id, side: "top", limit: SUMMARY_TOP_N });
    blocks.push({ type: "top_bottom", dimension: d.id, side: "bottom", limit: SUMMARY_TOP_N });
  }
  return blocks;
}

/**
 * The model's dimensions with their record counts in the scenario's latest report run, and the
 * main one: the dimension carrying the most cost (the one everything rolls up to, whose P&L is
 * the scenario's total).
 */
async function modelDimensions(
  ctx: AppContext,
  companyId: number,
  scenarioId: number,
  modelId: number,
): Promise<{ dimensions: ModelDimension[]; main: number | null }> {
  const rows = await ctx.repos.dimensions.namesInModel(companyId, modelId);
  const run = await ctx.repos.calculations.latestFinished(companyId, scenarioId, "REPORTS");
  const repo = ctx.repos.reportData;
  let main: number | null = null;
  let mainCost = Number.NEGATIVE_INFINITY;
  const out: ModelDimension[] = [];
  for (const row of rows) {
    const dim = run
      ? await repo.dimension({ companyId, calculationId: run.parentId ?? run.id }, row.id)
      : undefined;
    out.push({ id: row.id, name: row.name, records: dim?.records ?? 0 });
    if (dim && dim.records > 0 && Math.abs(dim.costTotal) > mainCost) {
      mainCost = Math.abs(dim.costTotal);
      main = row.id;
    }
  }
  return { dimensions: out, main };
}

function fileNameOf(title: string, scenario: string): string {
  const base = `${title}-${scenario}`
    .replace(/[^\p{L}\p{N}._-]+/gu, "_")
    .replace(/_+/g, "_")
    .slice(0, 150);
  return `${base || "report"}.pdf`;
}

/** A saved PDF report's title, description, orientation and blocks, or the summary's. */
async function pdfContent(
  ctx: AppContext,
  request: PdfRequest,
  model: Awaited<ReturnType<typeof modelDimensions>>,
): Promise<{
  title: string;
  description: string;
  orientation: "portrait" | "landscape";
  blocks: PdfBlock[];
}> {
  if (request.kind === "PDF_REPORT") {
    const report = await ctx.repos.pdfReports.find(request.companyId, request.reportId);
    if (!report) throw notFound("report");
    // Stored blocks went through the contract when saved; parsed again so defaults apply.
    const parsed = PdfReportData.safeParse(report.data);
    return {
      title: report.title,
      description: report.description,
      orientation: report.orientation as "portrait" | "landscape",
      blocks: parsed.success ? parsed.data.blocks : [],
    };
  }
  return {
    title: pdfMessage(request.language, "summary_title"),
    description: "",
    orientation: "portrait",
    blocks: summaryBlocks(model),
  };
}

export async function writePdf(
  ctx: AppContext,
  request: PdfRequest,
  out: NodeJS.WritableStream,
  progress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<PdfResult> {
  const { companyId, scenarioId, language } = request;
  const scenario = await ctx.repos.models.findScenario(companyId, scenarioId);
  if (!scenario) throw notFound("scenario");
  const model = await modelDimensions(ctx, companyId, scenarioId, scenario.modelId);
  const { title, description, orientation, blocks } = await pdfContent(ctx, request, model);

  const f = new Formatter(language);
  const period = pdfMessage(language, "period", {
    from: f.date(scenario.periodFrom),
    to: f.date(scenario.periodTo),
  });
  const layout = new PdfLayout(
    language === "ar",
    orientation,
    {
      title,
      context: pdfMessage(language, "context", {
        scenario: scenario.name,
        period,
        currency: scenario.currency,
      }),
      pageLabel: (page, pages) =>
        pdfMessage(language, "page", { page: f.number(page, 0), pages: f.number(pages, 0) }),
    },
    { title, language },
  );
  const written = pipeline(layout.doc, out as NodeJS.WritableStream);
  try {
    layout.heading(title, 1);
    if (request.kind === "PDF_SUMMARY") {
      const run = await ctx.repos.calculations.latestFinished(companyId, scenarioId, "REPORTS");
      layout.paragraph(
        pdfMessage(language, "summary_intro", {
          scenario: scenario.name,
          model: scenario.modelName,
          period,
          currency: scenario.currency,
          finished: run?.finishedAt ? f.date(run.finishedAt.toISOString()) : "—",
        }),
      );
    }
    if (description.trim()) layout.paragraph(description);
    const b: BlockContext = { ctx, companyId, scenarioId, language, layout, currency: scenario.currency };
    for (const [i, block] of blocks.entries()) {
      signal.throwIfAborted();
      await drawBlock(b, block, model);
      progress((i + 1) / (blocks.length + 1));
    }
    signal.throwIfAborted();
    const pages = layout.finish();
    await written;
    progress(1);
    return { pages, fileName: fileNameOf(title, scenario.name) };
  } catch (error) {
    layout.doc.end();
    await written.catch(() => {});
    throw error;
  }
}
