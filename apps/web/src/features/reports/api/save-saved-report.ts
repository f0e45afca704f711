import { SavedReport } from "@costflow/contract/saved-reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { SAVED_REPORTS_KEY } from "./get-saved-reports";

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
    ? api.patch(`report/my-reports/${id}/`, body, { schema: SavedReport })
    : api.post("report/my-reports/", body, { schema: SavedReport });
}

export function useSaveSavedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSavedReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_REPORTS_KEY }),
  });
}
