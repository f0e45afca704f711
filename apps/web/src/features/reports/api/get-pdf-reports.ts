// PDF reports (report/pdf-reports/): the saved block lists of the builder, and the PDFs.
import { PdfReportPage } from "@costflow/contract/pdf-reports";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type { PdfReport } from "@costflow/contract/pdf-reports";

export const PDF_REPORTS_KEY = ["report", "pdf-reports"] as const;

/** GET report/pdf-reports/: the first 100 by title. */
export function usePdfReports() {
  return useQuery(
    queryOptions({
      queryKey: [...PDF_REPORTS_KEY, "all"],
      queryFn: () =>
        api.get("report/pdf-reports/", { limit: 100, ordering: "title" }, { schema: PdfReportPage }),
    }),
  );
}
