/** Files the import accepts: CSV (comma or semicolon) and Excel workbooks. */
const ACCEPTED_EXTENSIONS = [".csv", ".xlsx"];
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export function isAcceptedUpload(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext));
}
