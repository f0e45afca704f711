import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { SAVED_REPORTS_KEY } from "./get-saved-reports";
import type { SavedReport } from "./report-types";

interface SavedReportInput {
  title: string;
  type: string;
  params: Record<string, unknown>;
  shared: boolean;
}

/** POST report/my-reports/ (a new saved report) or PATCH report/my-reports/{id}/ (rename, share). */
function saveSavedReport({
  id,
  body,
}: {
  id?: number;
  body: Partial<SavedReportInput>;
}): Promise<SavedReport> {
  return id
    ? api.patch<SavedReport>(`report/my-reports/${id}/`, body)
    : api.post<SavedReport>("report/my-reports/", body);
}

export function useSaveSavedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSavedReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_REPORTS_KEY }),
  });
}
