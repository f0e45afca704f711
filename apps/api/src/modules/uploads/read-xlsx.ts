import { createReadStream } from "node:fs";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { type ReadCaps, type SheetRow, UnreadableFileError } from "./source-rows.ts";

/**
 * Streams the first worksheet of an .xlsx workbook (exceljs's streaming reader: rows are not kept)
 * as batches of rows with their cells as text. Empty rows are skipped by the reader; row numbers
 * stay those of the sheet.
 */
export async function* readXlsxRows(
  path: string,
  onBytes: (bytes: number) => void,
  caps: ReadCaps,
): AsyncGenerator<SheetRow[]> {
  const file = createReadStream(path, { highWaterMark: 256 * 1024 });
  const counted = new PassThrough();
  file.on("data", (chunk) => onBytes(chunk.length));
  file.on("error", (error) => counted.destroy(error));
  file.pipe(counted);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(counted, {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    // Styles tell dates from numbers: without them a date cell reads as a day count.
    styles: "cache",
  });
  try {
    let batch: SheetRow[] = [];
    try {
      for await (const worksheet of workbook) {
        for await (const row of worksheet) {
          batch.push({ line: row.number, fields: cellsOf(row.values, row.number, caps.columns) });
          if (batch.length >= 1000) {
            yield batch;
            batch = [];
          }
        }
        break; // the first sheet only
      }
    } catch (error) {
      if (error instanceof UnreadableFileError) throw error;
      throw new UnreadableFileError("unreadable", { format: "XLSX" });
    }
    if (batch.length > 0) yield batch;
  } finally {
    file.destroy();
    counted.destroy();
  }
}

/**
 * row.values is 1-based and sparse: index 1 is column A. A row with one value in column XFD
 * (16,384) would otherwise become 16,384 cells: a value beyond the column cap refuses the file
 * before any cell is made; empty cells beyond it are dropped.
 */
function cellsOf(values: ExcelJS.Row["values"], line: number, maxColumns: number): string[] {
  if (!Array.isArray(values)) return [];
  let last = values.length - 1;
  while (last > maxColumns && cellText(values[last]) === "") last--;
  if (last > maxColumns) {
    throw new UnreadableFileError("too_many_columns", { maximum: maxColumns }, line);
  }
  const cells: string[] = [];
  for (let i = 1; i <= last; i++) cells.push(cellText(values[i]));
  return cells;
}

/** A cell's value as the text a CSV export of it would hold. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) {
    // Excel dates have no time zone; exceljs gives them as UTC midnight of the shown day.
    return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  }
  if (typeof value === "object") {
    const v = value as {
      richText?: { text: string }[];
      text?: unknown;
      result?: unknown;
      formula?: unknown;
      sharedFormula?: unknown;
      error?: unknown;
    };
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join("");
    if ("result" in v || "formula" in v || "sharedFormula" in v) return cellText(v.result);
    if (typeof v.error === "string") return v.error;
    if (v.text !== undefined) return cellText(v.text);
  }
  return String(value);
}
