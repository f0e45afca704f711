import { UPLOAD_FORMATS, UPLOAD_MAX_BYTES_DEFAULT } from "@costflow/contract/uploads";

/** Files the import accepts: CSV (comma or semicolon) and Excel workbooks (contract: uploads.ts). */
const ACCEPTED_EXTENSIONS = UPLOAD_FORMATS;
/** The server's default upload limit. */
export const MAX_UPLOAD_BYTES = UPLOAD_MAX_BYTES_DEFAULT;

export function isAcceptedUpload(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext));
}
