import type { ExportFile } from "@costflow/contract/export-files";
import { downloadBinary } from "../../../lib/download";

/** GET export/files/{id}/download/: the file itself, saved under its name. */
export function downloadExportFile(file: ExportFile) {
  return downloadBinary(`export/files/${file.id}/download/`, {}, file.file_name ?? `file-${file.id}`);
}
