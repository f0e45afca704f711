import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { EXPORT_FILES_KEY } from "./get-export-files";

export interface PdfReportRequest {
  scenario: number;
  title: string;
  description: string;
  type: string;
  orientation: string;
  data: Record<string, unknown>;
}

/** A PDF report (spec 3: title, description, type, orientation, data), generated server-side as a job. */
export function requestPdfReport(input: PdfReportRequest) {
  return api.post<unknown>("report/pdf-reports/", input);
}

export function useRequestPdfReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPdfReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EXPORT_FILES_KEY }),
  });
}
