import { z } from "zod";
import { idSchema, int4Schema, queryIdSchema, textSchema } from "./common.ts";
import { PageLimit, PageOffset, page } from "./pagination.ts";

// The P&L report structure of a model (allocation-semantics.md "Roll-up and the P&L structure").
// The API checks the save rules per category (apps/api/src/modules/report-lines/save-report-line.ts).

const Id = idSchema;

/** ACT (an activity's cost), FOR (a formula over other lines), DRI (a calculated driver), AGG (sum of children). */
export const REPORT_LINE_CATEGORIES = ["ACT", "FOR", "DRI", "AGG"] as const;
export type ReportLineCategory = (typeof REPORT_LINE_CATEGORIES)[number];
const DEFAULT_REPORT_LINE_CATEGORY: ReportLineCategory = "ACT";
export const DEFAULT_REPORT_LINE_FORMULA = "=";
const DEFAULT_REPORT_LINE_FACTOR = 1;

export const ReportLine = z
  .object({
    id: z.number().int(),
    model: z.number().int(),
    /** Unique in the model; FOR formulas name lines by it (e.g. `=REV-COGS`). */
    code: z.string(),
    description: z.string(),
    category: z.enum(REPORT_LINE_CATEGORIES),
    /** FOR lines only; "=" otherwise. */
    formula: z.string(),
    factor: z.union([z.literal(1), z.literal(-1)]),
    /** ACT lines only. */
    activity: z.number().int().nullable(),
    activity_name: z.string().nullable(),
    /** DRI lines only, with the calculated driver's dimension. */
    calculated_driver_id: z.number().int().nullable(),
    calculated_driver_name: z.string().nullable(),
    dimension: z.number().int().nullable(),
    dimension_name: z.string().nullable(),
    parent: z.number().int().nullable(),
    rank: z.number().int(),
    /** Depth in the tree: 0 for a root line. */
    level: z.number().int(),
  })
  .meta({ id: "ReportLine" });
export type ReportLine = z.infer<typeof ReportLine>;

/** GET report/lines/?model: the model's lines in tree order (parents first, siblings by rank). */
export const ReportLineListQuery = z.object({
  model: queryIdSchema,
  limit: PageLimit,
  offset: PageOffset,
});
export type ReportLineListQuery = z.input<typeof ReportLineListQuery>;
export const ReportLinePage = page(ReportLine);
export type ReportLinePage = z.infer<typeof ReportLinePage>;

/** A code a formula can name: no brackets (they delimit names), no leading "=". */
const Code = textSchema
  .trim()
  .min(1)
  .max(50)
  .regex(/^[^[\]=]+$/);

/**
 * POST report/lines/ (and PUT report/lines/{id}/, where model may be left out). Save rules: formula
 * only for FOR, activity only for ACT, calculated driver (and its dimension) only for DRI; a parent
 * of 0 means none. rank defaults to after the last sibling.
 */
export const CreateReportLine = z.strictObject({
  model: Id,
  code: Code,
  description: textSchema.trim().max(500).default(""),
  category: z.enum(REPORT_LINE_CATEGORIES).default(DEFAULT_REPORT_LINE_CATEGORY),
  formula: textSchema.max(10_000).nullable().optional(),
  factor: z.union([z.literal(1), z.literal(-1)]).default(DEFAULT_REPORT_LINE_FACTOR),
  activity: Id.nullable().optional(),
  calculated_driver_id: Id.nullable().optional(),
  /** Taken from the calculated driver; when sent it must be that driver's dimension. */
  dimension: Id.nullable().optional(),
  parent: int4Schema.nullable().optional(),
  rank: z.number().int().min(0).max(1_000_000).optional(),
});
export type CreateReportLine = z.input<typeof CreateReportLine>;
export const UpdateReportLine = CreateReportLine.extend({ model: Id.optional() });
export type UpdateReportLine = z.input<typeof UpdateReportLine>;

/** POST report/lines/check-formula/: a FOR formula over the model's other line codes. */
export const CheckReportLineFormula = z.strictObject({
  model: Id,
  formula: textSchema.max(10_000),
});
export type CheckReportLineFormula = z.infer<typeof CheckReportLineFormula>;
