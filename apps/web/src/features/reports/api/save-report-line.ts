import { ReportLine } from "@costflow/contract/report-lines";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ReportLinePayload } from "../components/report-line-payload";
import { REPORT_LINES_KEY } from "./get-report-lines";

/** POST report/lines/ or PUT report/lines/{id}/. */
function saveReportLine({ id, payload }: { id?: number; payload: ReportLinePayload }): Promise<ReportLine> {
  return id
    ? api.put(`report/lines/${id}/`, payload, { schema: ReportLine })
    : api.post("report/lines/", payload, { schema: ReportLine });
}

export function useSaveReportLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReportLine,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORT_LINES_KEY }),
  });
}
