import { ExportFile } from "@costflow/contract/export-files";
import { api } from "../../../lib/api-client";

/** POST export/files/{id}/stop/: the file's row, stopped. */
export function stopExportFile(id: number) {
  return api.post(`export/files/${id}/stop/`, undefined, { schema: ExportFile });
}
