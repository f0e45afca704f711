import { UploadDetail, UploadProcess } from "@costflow/contract/uploads";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";
import { fetchPage, type PageParams } from "../paged";

export type { UploadProcess } from "@costflow/contract/uploads";

export const UPLOADS_KEY = ["software", "uploads"] as const;

/** GET uploads/?scenario: the scenario's upload processes, newest first. */
export function getUploads(scenario: number, params: PageParams) {
  return fetchPage(
    "uploads/",
    {
      scenario,
      limit: params.limit,
      offset: params.offset,
      ordering: params.ordering ?? "-requested_at",
    },
    UploadProcess,
  );
}

/** GET uploads/{id}/: one process with its errors; polled every 2 s while it is processing. */
export function useUpload(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...UPLOADS_KEY, "detail", id],
      queryFn: () => api.get(`uploads/${id}/`, undefined, { schema: UploadDetail }),
      enabled: id !== null,
      refetchInterval: (query) => (query.state.data?.status === "PROCESSING" ? 2000 : false),
    }),
  );
}
