import { api } from "../../../lib/api-client";

/** DELETE export/files/{id}/ (204). */
export function deleteExportFile(id: number) {
  return api.delete(`export/files/${id}/`);
}
