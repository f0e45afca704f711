// PDF reports (report/pdf-reports/): the saved block lists of the builder, and the PDFs.
import type { CreatePdfReport, PdfReport, PdfReportPage } from "@costflow/contract/pdf-reports";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type { PdfReport };

const PDF_REPORTS_KEY = ["report", "pdf-reports"] as const;

export function usePdfReports() {
  return useQuery(
    queryOptions({
      queryKey: [...PDF_REPORTS_KEY, "all"],
      queryFn: () => api.get<PdfReportPage>("report/pdf-reports/", { limit: 100, ordering: "title" }),
    }),
  );
}

export function useSavePdfReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreatePdfReport }) =>
      id
        ? api.patch<PdfReport>(`report/pdf-reports/${id}/`, body)
        : api.post<PdfReport>("report/pdf-reports/", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PDF_REPORTS_KEY }),
  });
}

export function useDuplicatePdfReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<PdfReport>(`report/pdf-reports/${id}/duplicate/`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PDF_REPORTS_KEY }),
  });
}

export function useDeletePdfReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`report/pdf-reports/${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PDF_REPORTS_KEY }),
  });
}
