import { z } from "zod";
import { queryIdSchema, textSchema } from "./common.ts";
import { PageLimit, PageOffset, page } from "./pagination.ts";

// Profitability reports read from the report data of the latest FINISHED report run (category
// REPORTS: calculate-all's last phase or report/reports/generate/): P&L by record, top/bottom N,
// whale curve, tree map, waterfall and comparisons (docs/reports.md;
// shared/guide/allocation-semantics.md "Roll-up and the P&L structure"). Amounts are major units of
// the scenario currency, rounded to its minor unit, like every result call; `dimension`, `scenario`
// and `record` are ids. The figures are the results summary's `pnl`, `profit` and `whale`
// (docs/calculation.md, "Report data").

const QueryId = queryIdSchema;
/** `a,b`: the two items of a comparison (any other count is refused). */
const Pair = textSchema.min(1).max(400);

/** Default top/bottom and number of records of the profitability reports (docs/reports.md, "Screens"). */
export const REPORT_SIDES = ["top", "bottom"] as const;
export type ReportSide = (typeof REPORT_SIDES)[number];
export const REPORT_TOP_LIMIT_DEFAULT = 50;
const REPORT_TOP_LIMIT_MAX = 1000;
/** Tree map: children of a node beyond this are merged into one 'Others (n)' node. */
const TREEMAP_LIMIT_DEFAULT = 50;
export const TREEMAP_LIMIT_MAX = 500;
/** The tree map measure that is the record's cost (resting plus rolled up) instead of a line. */
export const COST_MEASURE = "cost";

/** Orderings of report/pnl/ besides the line codes (which are accepted as `CODE` or `-CODE`). */
export const PNL_FIXED_ORDERINGS = ["identifier", "profit", "margin_percent", "cost"] as const;

const TopLimit = z.coerce.number().int().min(1).max(REPORT_TOP_LIMIT_MAX).default(REPORT_TOP_LIMIT_DEFAULT);

/** A P&L line as the report shows it (columns in rank order). */
export const ReportLine = z.object({
  code: z.string(),
  description: z.string(),
  category: z.enum(["ACT", "DRI", "FOR", "AGG"]),
  factor: z.number(),
  parent: z.string().nullable(),
  rank: z.number(),
  formula: z.string().nullable(),
  /** The line's total over the dimension's records (FOR lines: the formula over the totals). */
  total: z.number(),
});
export type ReportLine = z.infer<typeof ReportLine>;

/** What every report answers about the run it read. */
const RunInfo = {
  /** The report run (the root calculation row) the figures come from. */
  calculation: z.number().int(),
  currency: z.string(),
  /** Decimals of the currency's minor unit. */
  decimals: z.number().int(),
  dimension: z.number().int(),
  dimension_name: z.string(),
  /** The profit line (settings, else the last root line by rank). */
  profit_line: z.string(),
  /** The line margin % is taken over: the first root line by rank (revenue in a usual P&L). */
  revenue_line: z.string(),
};

// report/pnl/ ------------------------------------------------------------------------------------

export const PnlReportQuery = z.object({
  scenario: QueryId,
  dimension: QueryId,
  limit: PageLimit,
  offset: PageOffset,
  /** `identifier`, `profit`, `margin_percent`, `cost` or a line code; `-` in front: descending. */
  ordering: textSchema.min(1).max(200).optional(),
  /** Records whose identifier or name contains this (case-insensitive). */
  search: textSchema.max(200).optional(),
});
export type PnlReportQuery = z.infer<typeof PnlReportQuery>;

export const PnlRecordRow = z.object({
  /** The dimension record's id (report/records/{record}/trace/). */
  record: z.number().int().nullable(),
  identifier: z.string(),
  name: z.string(),
  /** Value of every P&L line, by line code. */
  lines: z.record(z.string(), z.number()),
  profit: z.number(),
  /** The record's cost: activity cost resting on it or rolled up to it. */
  cost: z.number(),
  /** 100 * profit / revenue line; null when the revenue line is 0. */
  margin_percent: z.number().nullable(),
});
export type PnlRecordRow = z.infer<typeof PnlRecordRow>;

export const PnlReport = page(PnlRecordRow).extend({
  ...RunInfo,
  lines: z.array(ReportLine),
  /** Every line's total by code, plus the totals of profit and cost and the total margin. */
  totals: z.object({
    lines: z.record(z.string(), z.number()),
    profit: z.number(),
    cost: z.number(),
    margin_percent: z.number().nullable(),
  }),
});
export type PnlReport = z.infer<typeof PnlReport>;

// report/profitability/ --------------------------------------------------------------------------

export const ProfitabilityQuery = z.object({
  scenario: QueryId,
  dimension: QueryId,
  /** A P&L line code; or */
  line: textSchema.min(1).max(200).optional(),
  /** the name of a calculated driver of the dimension (its values resting on the records). */
  driver: textSchema.min(1).max(200).optional(),
  side: z.enum(REPORT_SIDES).default("top"),
  limit: TopLimit,
});
export type ProfitabilityQuery = z.infer<typeof ProfitabilityQuery>;

export const ProfitabilityRow = PnlRecordRow.extend({
  /** 1-based rank on the chosen side. */
  rank: z.number().int(),
  /** The chosen line's or driver's value for the record. */
  value: z.number(),
  /** 100 * value / total of the line or driver; null when the total is 0. */
  share_percent: z.number().nullable(),
});
export type ProfitabilityRow = z.infer<typeof ProfitabilityRow>;

export const ProfitabilityReport = z.object({
  ...RunInfo,
  line: z.string().nullable(),
  driver: z.string().nullable(),
  side: z.enum(REPORT_SIDES),
  limit: z.number().int(),
  /** Records of the dimension. */
  records: z.number().int(),
  /** Total of the line or driver over all the dimension's records. */
  total: z.number(),
  lines: z.array(ReportLine),
  results: z.array(ProfitabilityRow),
});
export type ProfitabilityReport = z.infer<typeof ProfitabilityReport>;

// report/whale/ ----------------------------------------------------------------------------------

export const WhaleQuery = z.object({ scenario: QueryId, dimension: QueryId });
export type WhaleQuery = z.infer<typeof WhaleQuery>;

export const WhaleReport = z.object({
  ...RunInfo,
  total_profit: z.number(),
  /** Highest cumulative profit as % of total profit; null when total profit is 0 or negative. */
  peak_percent: z.number().nullable(),
  /** Where it is reached, as % of records. */
  peak_at_percent: z.number().nullable(),
  /** Records with a negative profit and their summed profit (the loss tail). */
  loss_records: z.number().int(),
  loss_amount: z.number(),
  records: z.number().int(),
  /**
   * [cumulative % of records, cumulative % of total profit], records by profit descending from
   * [0, 0]; at most WHALE_MAX_POINTS, always with the first, the peak and the last point. Empty
   * when total profit is 0 or negative.
   */
  points: z.array(z.tuple([z.number(), z.number()])),
  /** For each point, the record it ends at (null for [0, 0]): what a hover shows. */
  point_records: z.array(z.string().nullable()),
  /** Why there are no percentages (total profit 0 or negative); null otherwise. */
  note: z.string().nullable(),
  note_key: z.enum(["TOTAL_PROFIT_ZERO", "TOTAL_PROFIT_NEGATIVE"]).nullable(),
});
export type WhaleReport = z.infer<typeof WhaleReport>;

// report/treemap/ --------------------------------------------------------------------------------

export const TreemapQuery = z.object({
  scenario: QueryId,
  dimension: QueryId,
  /** Split of each record over a second dimension (through the relationship drivers). */
  dimension2: QueryId.optional(),
  /** A P&L line code or `cost`. */
  measure: textSchema.min(1).max(200).default(COST_MEASURE),
  limit: z.coerce.number().int().min(1).max(TREEMAP_LIMIT_MAX).default(TREEMAP_LIMIT_DEFAULT),
});
export type TreemapQuery = z.infer<typeof TreemapQuery>;

/**
 * Kinds of tree map nodes: the dimension's total (the root), a record, the merged rest (the
 * screen labels it 'Others (n)' from `count`), and the part of a record that no record of the
 * second dimension carries (unsplit). Others and unsplit nodes have an empty `name`.
 */
export const TREEMAP_NODE_KINDS = ["total", "record", "others", "unsplit"] as const;

export interface TreemapNode {
  /** Record id (kind record), dimension id (kind total), null otherwise. */
  id: number | null;
  kind: (typeof TREEMAP_NODE_KINDS)[number];
  identifier: string | null;
  name: string;
  value: number;
  margin_percent: number | null;
  /** Others: how many records it merges. */
  count: number;
  children: TreemapNode[];
}
export const TreemapNode: z.ZodType<TreemapNode> = z.lazy(() =>
  z.object({
    id: z.number().int().nullable(),
    kind: z.enum(TREEMAP_NODE_KINDS),
    identifier: z.string().nullable(),
    name: z.string(),
    value: z.number(),
    margin_percent: z.number().nullable(),
    count: z.number().int(),
    children: z.array(TreemapNode),
  }),
);

export const TreemapReport = z.object({
  ...RunInfo,
  measure: z.string(),
  dimension2: z.number().int().nullable(),
  dimension2_name: z.string().nullable(),
  /** The dimension's total of the measure; the children's values add up to it. */
  root: TreemapNode,
});
export type TreemapReport = z.infer<typeof TreemapReport>;

// report/waterfall/ ------------------------------------------------------------------------------

export const WaterfallQuery = z.object({ scenario: QueryId, dimension: QueryId, record: QueryId.optional() });
export type WaterfallQuery = z.infer<typeof WaterfallQuery>;

export const WaterfallStep = z.object({
  code: z.string(),
  description: z.string(),
  value: z.number(),
  start: z.number(),
  end: z.number(),
  /** A total bar (the first line, a formula line, the profit line) from 0, else a rise or fall. */
  total: z.boolean(),
});
export type WaterfallStep = z.infer<typeof WaterfallStep>;

export const WaterfallReport = z.object({
  ...RunInfo,
  /** The record (id, identifier) or null for the dimension's total. */
  record: z.number().int().nullable(),
  identifier: z.string().nullable(),
  steps: z.array(WaterfallStep),
});
export type WaterfallReport = z.infer<typeof WaterfallReport>;

// report/compare/ --------------------------------------------------------------------------------

export const COMPARE_MODES = ["scenarios", "dimensions", "lines"] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

/** `scenario`, `dimension` or `line` holds two comma-separated items (exactly one of them). */
export const CompareQuery = z.object({
  scenario: Pair,
  dimension: Pair,
  line: Pair,
  limit: PageLimit,
  offset: PageOffset,
  ordering: z.enum(["identifier", "-identifier", "variance", "-variance", "a", "-a", "b", "-b"]).optional(),
});
export type CompareQuery = z.infer<typeof CompareQuery>;

export const CompareItem = z.object({
  /** Scenario id, dimension id or line code. */
  id: z.union([z.number().int(), z.string()]),
  name: z.string(),
  total: z.number(),
});

/**
 * Scenarios and lines mode: one record (scenarios: matched by identifier; a record missing in one
 * scenario has null there). Dimensions mode: the records at the same rank of each dimension by the
 * line, descending (identifier and name of a; identifier_b and name_b of b).
 */
export const CompareRow = z.object({
  identifier: z.string(),
  name: z.string(),
  identifier_b: z.string().nullable(),
  name_b: z.string().nullable(),
  a: z.number().nullable(),
  b: z.number().nullable(),
  variance: z.number(),
  /** 100 * variance / |a|; null when a is 0 or missing. */
  variance_percent: z.number().nullable(),
});
export type CompareRow = z.infer<typeof CompareRow>;

export const ActivityVariance = z.object({
  activity: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  a: z.number(),
  b: z.number(),
  variance: z.number(),
  variance_percent: z.number().nullable(),
});
export type ActivityVariance = z.infer<typeof ActivityVariance>;

export const CompareReport = page(CompareRow).extend({
  mode: z.enum(COMPARE_MODES),
  currency: z.string(),
  decimals: z.number().int(),
  a: CompareItem,
  b: CompareItem,
  /** Totals: b - a and its % of |a|. */
  variance: z.number(),
  variance_percent: z.number().nullable(),
  /**
   * Scenarios mode: each activity's cost on the dimension in both runs, largest |variance| first
   * (the activities that moved the margin); empty in the other modes.
   */
  activities: z.array(ActivityVariance),
});
export type CompareReport = z.infer<typeof CompareReport>;
