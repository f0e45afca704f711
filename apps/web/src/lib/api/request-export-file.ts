// POST export/files/: a file of the pipeline (BI template, table, PDF, calculated driver …), asked
// for by the reports pages and by the Export menu of every table; answers the file's row at once.
import { ExportFile, type ExportFileRequest } from "@costflow/contract/export-files";
import { api } from "../api-client";

/** The downloads list (GET export/files/) and every file in it. */
export const EXPORT_FILES_KEY = ["report", "export-files"] as const;

export function requestExportFile(body: ExportFileRequest) {
  return api.post("export/files/", body, { schema: ExportFile });
}
