import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { PDF_REPORTS_KEY } from "./get-pdf-reports";

/** DELETE report/pdf-reports/{id}/ (204). */
export function useDeletePdfReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`report/pdf-reports/${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PDF_REPORTS_KEY }),
  });
}
