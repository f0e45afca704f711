import type { ExportFile } from "@costflow/contract/export-files";
import { api } from "../../../lib/api-client";
import { downloadBinary } from "../../../lib/download";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export type ExportFileRow = ExportFile;

export const EXPORT_FILES_KEY = ["report", "export-files"] as const;

/** GET export/files/?scenario (the downloads list: requested by, requested at, status, type, size). */
export function getExportFiles(scenario: number, params: PageParams) {
  return fetchPageOrEmpty<ExportFileRow>("export/files/", {
    scenario,
    limit: params.limit,
    offset: params.offset,
    ordering: params.ordering ?? "-requested_at",
  });
}

/** POST export/files/: a file of the pipeline (BI template, table, calculated driver …). */
export function requestExportFile(body: { scenario: number; data_type: string; [key: string]: unknown }) {
  return api.post<ExportFileRow>("export/files/", body);
}

export function downloadExportFile(file: ExportFileRow) {
  return downloadBinary(`export/files/${file.id}/download/`, {}, file.file_name ?? `file-${file.id}`);
}

export function stopExportFile(id: number) {
  return api.post<ExportFileRow>(`export/files/${id}/stop/`);
}

export function deleteExportFile(id: number) {
  return api.delete(`export/files/${id}/`);
}
