import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { REPORT_LINES_KEY } from "./get-report-lines";

/** DELETE report/lines/{id}/ (204). */
export function useDeleteReportLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`report/lines/${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORT_LINES_KEY }),
  });
}
