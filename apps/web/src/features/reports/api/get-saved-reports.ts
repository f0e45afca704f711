import { fetchPage, type PageParams } from "../../../lib/paged";
import type { SavedReport } from "./report-types";

export const SAVED_REPORTS_KEY = ["report", "my-reports"] as const;

/** GET report/my-reports/: the caller's saved reports and those shared with the company. */
export function getSavedReports(params: PageParams) {
  return fetchPage<SavedReport>("report/my-reports/", {
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering,
    search: params.search,
  });
}
