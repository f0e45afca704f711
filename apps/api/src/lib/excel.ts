import type ExcelJS from "exceljs";

// ExcelJS takes half a second to load; the API loads it on the first workbook it writes, not at
// start (the upload reader's thread imports it for itself).
let loaded: Promise<typeof ExcelJS> | undefined;

export function excel(): Promise<typeof ExcelJS> {
  loaded ??= import("exceljs").then((m) => m.default);
  return loaded;
}
