import { ExportFile } from "@costflow/contract/export-files";
import { EXPORT_FILES_KEY } from "../../../lib/api/request-export-file";
import { fetchPageOrEmpty, type PageParams } from "../../../lib/paged";

export type ExportFileRow = ExportFile;
export { EXPORT_FILES_KEY };

/** GET export/files/?scenario (the downloads list: requested by, requested at, status, type, size). */
export function getExportFiles(scenario: number, params: PageParams) {
  return fetchPageOrEmpty(
    "export/files/",
    {
      scenario,
      limit: params.limit,
      offset: params.offset,
      ordering: params.ordering ?? "-requested_at",
    },
    ExportFile,
  );
}
