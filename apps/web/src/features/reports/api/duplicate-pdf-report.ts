import { PdfReport } from "@costflow/contract/pdf-reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { PDF_REPORTS_KEY } from "./get-pdf-reports";

/** POST report/pdf-reports/{id}/duplicate/: the copy. */
export function useDuplicatePdfReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`report/pdf-reports/${id}/duplicate/`, {}, { schema: PdfReport }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PDF_REPORTS_KEY }),
  });
}
