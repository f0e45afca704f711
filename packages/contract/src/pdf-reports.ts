import { z } from "zod";
import { idSchema, queryIdSchema, textSchema } from "./common.ts";
import ar from "./i18n/ar/pdf.json" with { type: "json" };
import en from "./i18n/en/pdf.json" with { type: "json" };
import es from "./i18n/es/pdf.json" with { type: "json" };
import pt from "./i18n/pt/pdf.json" with { type: "json" };
import { DEFAULT_LANGUAGE, type Language } from "./languages.ts";
import { listQuery, page } from "./pagination.ts";
import { REPORT_SIDES, REPORT_TOP_LIMIT_DEFAULT, TREEMAP_LIMIT_MAX } from "./reports.ts";

// PDF reports (/pdf-report; docs/pdf.md): a title, a description, an orientation and a list of
// blocks the user composes. Each block is one of the report calls with its parameters, or text.
// Generating one writes a PDF through the file pipeline; the PDF summary is the same renderer with
// a fixed list of blocks.

export const PDF_ORIENTATIONS = ["portrait", "landscape"] as const;
/** The orientation of a new PDF report. */
export const DEFAULT_PDF_ORIENTATION = "portrait" satisfies (typeof PDF_ORIENTATIONS)[number];
export const PDF_REPORT_TYPES = ["REPORT", "SUMMARY"] as const;
const PDF_TITLE_MAX = 200;
const PDF_DESCRIPTION_MAX = 2_000;
const PDF_TEXT_MAX = 5_000;
const PDF_BLOCKS_MAX = 50;
/** Rows of a P&L table block (the PDF is for reading, not for every record). */
const PDF_TABLE_ROWS_MAX = 500;

const Code = textSchema.trim().min(1).max(200);
const Limit = z.number().int().min(1);

/** The blocks a PDF report is made of; `type` names the kind. */
export const PdfBlock = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("heading"), text: textSchema.trim().min(1).max(PDF_TITLE_MAX) }),
  z.strictObject({ type: z.literal("text"), text: textSchema.max(PDF_TEXT_MAX) }),
  z.strictObject({ type: z.literal("key_figures") }),
  z.strictObject({ type: z.literal("validation") }),
  z.strictObject({ type: z.literal("sankey") }),
  z.strictObject({ type: z.literal("whale"), dimension: idSchema }),
  z.strictObject({ type: z.literal("waterfall"), dimension: idSchema, record: idSchema.optional() }),
  z.strictObject({
    type: z.literal("treemap"),
    dimension: idSchema,
    /** A line code or `cost`. */
    measure: Code.default("cost"),
    limit: Limit.max(TREEMAP_LIMIT_MAX).default(20),
  }),
  z.strictObject({
    type: z.literal("pnl"),
    dimension: idSchema,
    /** As report/pnl/'s ordering: `identifier`, `profit`, `-profit`, a line code … */
    ordering: Code.optional(),
    limit: Limit.max(PDF_TABLE_ROWS_MAX).default(50),
  }),
  z.strictObject({
    type: z.literal("top_bottom"),
    dimension: idSchema,
    /** A P&L line code (default: the profit line) or a calculated driver's name. */
    line: Code.optional(),
    driver: Code.optional(),
    side: z.enum(REPORT_SIDES).default("top"),
    limit: Limit.max(PDF_TABLE_ROWS_MAX).default(REPORT_TOP_LIMIT_DEFAULT),
  }),
  z.strictObject({
    type: z.literal("compare"),
    /** Exactly one of the three holds two items. */
    mode: z.enum(["scenarios", "dimensions", "lines"]),
    dimension: idSchema,
    /** The other scenario (mode scenarios). */
    scenario2: idSchema.optional(),
    /** The other dimension (mode dimensions). */
    dimension2: idSchema.optional(),
    /** The line compared (default: the profit line); the second line in mode lines. */
    line: Code.optional(),
    line2: Code.optional(),
    limit: Limit.max(PDF_TABLE_ROWS_MAX).default(50),
  }),
]);
export type PdfBlock = z.infer<typeof PdfBlock>;
export type PdfBlockInput = z.input<typeof PdfBlock>;

/** `data` of a PDF report: the scenario it was composed on (a default for generating) and its blocks. */
export const PdfReportData = z.strictObject({
  scenario: idSchema.nullable().default(null),
  blocks: z.array(PdfBlock).max(PDF_BLOCKS_MAX).default([]),
});
export type PdfReportData = z.infer<typeof PdfReportData>;

const Title = textSchema.trim().min(1).max(PDF_TITLE_MAX);
const Description = textSchema.max(PDF_DESCRIPTION_MAX);

export const PdfReport = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    type: z.enum(PDF_REPORT_TYPES),
    orientation: z.enum(PDF_ORIENTATIONS),
    data: PdfReportData,
    shared: z.boolean(),
    owner: z.number().int(),
    owner_name: z.string(),
    can_edit: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "PdfReport" });
export type PdfReport = z.infer<typeof PdfReport>;

const PDF_REPORT_ORDERING = ["title", "created_at", "updated_at", "id"] as const;
export const PdfReportListQuery = listQuery(PDF_REPORT_ORDERING).extend({
  search: textSchema.trim().max(200).optional(),
});
export type PdfReportListQuery = z.input<typeof PdfReportListQuery>;
export const PdfReportPage = page(PdfReport);
export type PdfReportPage = z.infer<typeof PdfReportPage>;

/** POST report/pdf-reports/ */
export const CreatePdfReport = z.strictObject({
  title: Title,
  description: Description.default(""),
  type: z.enum(PDF_REPORT_TYPES).default("REPORT"),
  orientation: z.enum(PDF_ORIENTATIONS).default(DEFAULT_PDF_ORIENTATION),
  data: PdfReportData.default({ scenario: null, blocks: [] }),
  shared: z.boolean().default(false),
});
export type CreatePdfReport = z.input<typeof CreatePdfReport>;

/** PATCH report/pdf-reports/{id}/ */
export const UpdatePdfReport = z.strictObject({
  title: Title.optional(),
  description: Description.optional(),
  type: z.enum(PDF_REPORT_TYPES).optional(),
  orientation: z.enum(PDF_ORIENTATIONS).optional(),
  data: PdfReportData.optional(),
  shared: z.boolean().optional(),
});
export type UpdatePdfReport = z.input<typeof UpdatePdfReport>;

/** POST report/pdf-reports/{id}/duplicate/: the copy's title (default: the original's with " (copy)"). */
export const DuplicatePdfReport = z.strictObject({ title: Title.optional() });

export const PdfReportIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The languages a PDF is written in. */
const PDF_LANGUAGES = ["en", "ar", "es", "pt"] as const satisfies readonly Language[];

// The PDF's own words (the `pdf` namespace).
type Tree = { [key: string]: string | Tree };
const PDF_MESSAGES: Record<Language, Tree> = { en, ar, es, pt };

export function pdfMessage(
  language: Language,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const lookup = (tree: Tree) => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    return typeof node === "string" ? node : undefined;
  };
  const text = lookup(PDF_MESSAGES[language]) ?? lookup(PDF_MESSAGES[DEFAULT_LANGUAGE]) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** GET report/pdf-reports/{id}/pdf/: the scenario (default: the one it was composed on) and language. */
export const PdfDirectQuery = z.object({
  scenario: queryIdSchema.optional(),
  /** en, ar, es or pt; default: the request's Accept-Language. */
  language: z.enum(PDF_LANGUAGES).optional(),
});
/** GET report/pdf-summary/ */
export const PdfSummaryQuery = z.object({
  scenario: queryIdSchema,
  language: z.enum(PDF_LANGUAGES).optional(),
});
