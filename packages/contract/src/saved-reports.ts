import { z } from "zod";
import { textSchema } from "./common.ts";
import { listQuery, page } from "./pagination.ts";

// Saved reports, "My reports" (/reports/my-reports; docs/reports.md, "Saved reports"): a report
// page's filters under a title, private to their owner or shared with the company. Opening one
// restores the page with its filters.

/** The report pages a saved report can reopen. */
export const SAVED_REPORT_TYPES = [
  "TREEMAP",
  "MULTI_TREEMAP",
  "WHALE",
  "WATERFALL",
  "PROFITABILITY_LINE",
  "PROFITABILITY_DRIVER",
  "MULTIPLE_DIMENSION",
  "PNL",
  "PDF",
] as const;
export type SavedReportType = (typeof SAVED_REPORT_TYPES)[number];

/** Bounds of `params`: a page's filters are a handful of ids, codes and numbers. */
const SAVED_REPORT_PARAMS_MAX_KEYS = 50;
const SAVED_REPORT_PARAMS_MAX_CHARS = 4_000;
const SAVED_REPORT_TITLE_MAX = 200;

const ParamValue = z.union([
  textSchema.max(500),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([textSchema.max(500), z.number()])).max(100),
]);

/** A flat object of filters (scenario, dimension, line, side, limit, …), at most 4,000 characters as JSON. */
export const SavedReportParams = z
  .record(textSchema.min(1).max(100), ParamValue)
  .superRefine((params, ctx) => {
    const keys = Object.keys(params).length;
    if (keys > SAVED_REPORT_PARAMS_MAX_KEYS)
      ctx.addIssue({
        code: "too_big",
        origin: "object",
        maximum: SAVED_REPORT_PARAMS_MAX_KEYS,
        input: params,
      });
    else if (JSON.stringify(params).length > SAVED_REPORT_PARAMS_MAX_CHARS)
      ctx.addIssue({
        code: "too_big",
        origin: "object",
        maximum: SAVED_REPORT_PARAMS_MAX_CHARS,
        input: params,
      });
  });

const Title = textSchema.trim().min(1).max(SAVED_REPORT_TITLE_MAX);

export const SavedReport = z
  .object({
    id: z.number().int(),
    title: z.string(),
    type: z.enum(SAVED_REPORT_TYPES),
    params: z.record(z.string(), z.unknown()),
    /** Shared with every member of the company; private to the owner otherwise. */
    shared: z.boolean(),
    owner: z.number().int(),
    owner_name: z.string(),
    /** Whether the caller may rename, share or delete it (its owner or a company administrator). */
    can_edit: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "SavedReport" });
export type SavedReport = z.infer<typeof SavedReport>;

const SAVED_REPORT_ORDERING = ["title", "type", "created_at", "updated_at", "id"] as const;

/** GET report/my-reports/: the caller's own reports and those shared with the company. */
export const SavedReportListQuery = listQuery(SAVED_REPORT_ORDERING).extend({
  type: z.enum(SAVED_REPORT_TYPES).optional(),
  /** Part of the title, any case. */
  search: textSchema.trim().max(200).optional(),
});
export type SavedReportListQuery = z.input<typeof SavedReportListQuery>;
export const SavedReportPage = page(SavedReport);
export type SavedReportPage = z.infer<typeof SavedReportPage>;

/** POST report/my-reports/ */
export const CreateSavedReport = z.strictObject({
  title: Title,
  type: z.enum(SAVED_REPORT_TYPES),
  params: SavedReportParams.default({}),
  shared: z.boolean().default(false),
});
export type CreateSavedReport = z.input<typeof CreateSavedReport>;

/** PATCH report/my-reports/{id}/: rename, share or unshare, or change the saved filters. */
export const UpdateSavedReport = z.strictObject({
  title: Title.optional(),
  params: SavedReportParams.optional(),
  shared: z.boolean().optional(),
});
export type UpdateSavedReport = z.input<typeof UpdateSavedReport>;

/** `{id}` of a saved report: a positive 32-bit id (larger ids name nothing: 400, not a database error). */
export const SavedReportIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
