import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export interface ExportFileRow {
  id: number;
  kind?: string;
  title?: string;
  file_name?: string | null;
  requested_by?: string | null;
  requested_at?: string;
  finished_at?: string | null;
  status?: string;
}

export const EXPORT_FILES_KEY = ["report", "export-files"] as const;

/** Spec 7: GET export/files/?scenario (the download files list: requested by, requested at, status). */
export function getExportFiles(scenario: number, params: PageParams) {
  return fetchPageOrEmpty<ExportFileRow>("export/files/", {
    scenario,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering ?? "-requested_at",
  });
}
