import type { SavedReportType } from "../api/report-types";

/** Where each kind of saved report reopens, and the fixed URL parameters of that page. */
const SAVED_REPORT_ROUTES: Record<SavedReportType, { path: string; fixed: Record<string, string> }> = {
  TREEMAP: { path: "/report-visualization", fixed: { type: "treemap" } },
  MULTI_TREEMAP: { path: "/report-visualization", fixed: { type: "multi-treemap" } },
  WHALE: { path: "/report-visualization", fixed: { type: "whale" } },
  WATERFALL: { path: "/report-visualization", fixed: { type: "waterfall" } },
  PROFITABILITY_LINE: { path: "/profitability-reports", fixed: { tab: "line" } },
  PROFITABILITY_DRIVER: { path: "/profitability-reports", fixed: { tab: "driver" } },
  MULTIPLE_DIMENSION: { path: "/multiple-dimension", fixed: {} },
  PNL: { path: "/profitability-reports", fixed: { tab: "line" } },
  PDF: { path: "/pdf-report", fixed: {} },
};

/** The URL that reopens a saved report with its filters. */
export function savedReportUrl(type: SavedReportType, params: Record<string, unknown>): string {
  const route = SAVED_REPORT_ROUTES[type];
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === null || v === undefined || k === "scenario") continue;
    query.set(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  for (const [k, v] of Object.entries(route.fixed)) query.set(k, v);
  const q = query.toString();
  return q ? `${route.path}?${q}` : route.path;
}
