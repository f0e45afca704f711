// Authenticated file downloads (CSV, model bundle .zip): the Bearer token goes in the header, so a
// plain link cannot be used; the answer is saved through an object URL (lib/download.ts).
import { apiRequest, type QueryValue } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/download";

/** A text answer (CSV) saved under `name`; the client's refresh-on-401 applies. */
export async function downloadText(path: string, params: Record<string, QueryValue>, name: string) {
  const text = await apiRequest<string>(path, { params });
  saveBlob(new Blob([String(text ?? "")], { type: "text/csv;charset=utf-8" }), name);
}

/** A binary answer; the file name comes from content-disposition when the server sends one. */
