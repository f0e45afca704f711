import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { SAVED_REPORTS_KEY } from "./get-saved-reports";

/** DELETE report/my-reports/{id}/. */
function deleteSavedReport(id: number): Promise<void> {
  return api.delete(`report/my-reports/${id}/`);
}

export function useDeleteSavedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_REPORTS_KEY }),
  });
}
