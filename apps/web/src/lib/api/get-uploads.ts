import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";
import { fetchPage, type PageParams } from "../paged";

export interface UploadErrorRow {
  line: number | null;
  column: number | null;
  field: string | null;
  reason: string;
  message: string;
}

export interface UploadProcess {
  id: number;
  scenario: number;
  kind: string;
  dimension: number | null;
  mode: string;
  status: "PROCESSING" | "PROCESSED" | "ERROR" | "STOPPED";
  file_name: string;
  requested_at: string;
  requested_by: string | null;
  finished_at: string | null;
  progress: number;
  rows_done: number;
  rows_total: number | null;
  errors_count: number;
  stop_requested: boolean;
  errors?: UploadErrorRow[];
}

export const UPLOADS_KEY = ["software", "uploads"] as const;

/** GET uploads/?scenario: the scenario's upload processes, newest first. */
export function getUploads(scenario: number, params: PageParams) {
  return fetchPage<UploadProcess>("uploads/", {
    scenario,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering ?? "-requested_at",
  });
}

/** GET uploads/{id}/: one process with its errors; polled every 2 s while it is processing. */
export function useUpload(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...UPLOADS_KEY, "detail", id],
      queryFn: () => api.get<UploadProcess>(`uploads/${id}/`),
      enabled: id !== null,
      refetchInterval: (query) => (query.state.data?.status === "PROCESSING" ? 2000 : false),
    }),
  );
}
