import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ReportLinePayload } from "../components/report-line-payload";
import { REPORT_LINES_KEY, type ReportLine } from "./get-report-lines";

/** POST report/lines/ or PUT report/lines/{id}/. */
function saveReportLine({ id, payload }: { id?: number; payload: ReportLinePayload }): Promise<ReportLine> {
  return id
    ? api.put<ReportLine>(`report/lines/${id}/`, payload)
    : api.post<ReportLine>("report/lines/", payload);
}

export function useSaveReportLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReportLine,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORT_LINES_KEY }),
  });
}
