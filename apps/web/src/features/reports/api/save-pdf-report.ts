import { type CreatePdfReport, PdfReport } from "@costflow/contract/pdf-reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { PDF_REPORTS_KEY } from "./get-pdf-reports";

/** POST report/pdf-reports/ (a new one) or PATCH report/pdf-reports/{id}/. */
export function useSavePdfReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreatePdfReport }) =>
      id
        ? api.patch(`report/pdf-reports/${id}/`, body, { schema: PdfReport })
        : api.post("report/pdf-reports/", body, { schema: PdfReport }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PDF_REPORTS_KEY }),
  });
}
