import { SavedReport } from "@costflow/contract/saved-reports";
import { fetchPage, type PageParams } from "../../../lib/paged";

export const SAVED_REPORTS_KEY = ["report", "my-reports"] as const;

/** GET report/my-reports/: the caller's saved reports and those shared with the company. */
export function getSavedReports(params: PageParams) {
  return fetchPage(
    "report/my-reports/",
    { limit: params.limit, offset: params.offset, ordering: params.ordering, search: params.search },
    SavedReport,
  );
}
