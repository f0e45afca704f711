// PDF reports (report/pdf-reports/): the saved block lists of the builder, and the PDFs.
import type {
  CreatePdfReport,
  PdfBlockInput,
  PdfReport,
  PdfReportPage,
} from "@costflow/contract/pdf-reports";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, buildUrl, type QueryValue, refreshAccessToken } from "../../../lib/api-client";
import { getAccessToken } from "../../../lib/session";

export type { PdfBlockInput, PdfReport };
export const PDF_REPORTS_KEY = ["report", "pdf-reports"] as const;

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

/**
 * A PDF written at once by the API (the report's report/pdf-reports/{id}/pdf/, or the summary's
 * report/pdf-summary/), saved through an object URL: the Bearer token goes in a header.
 */
export async function downloadPdf(path: string, params: Record<string, QueryValue>, fallbackName: string) {
  const get = (token: string | null) =>
    fetch(buildUrl(path, params), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  let res = await get(getAccessToken());
  if (res.status === 401) res = await get(await refreshAccessToken());
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as never;
    throw new ApiError(res.status, body, res.statusText);
  }
  const disposition = res.headers.get("content-disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
