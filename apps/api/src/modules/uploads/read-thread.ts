import { parentPort } from "node:worker_threads";
import { openZipSource, ZipTooLargeError } from "@costflow/engine/bundle/zip-source";
import { readCsvRows } from "./read-csv.ts";
import { readXlsxRows } from "./read-xlsx.ts";
import { type ReadCaps, type SheetRow, UnreadableFileError } from "./source-rows.ts";

// Reads one uploaded file per request in this thread, so that parsing a workbook (XML inflated
// and parsed cell by cell) never runs on the API's event loop. The main thread pulls batches one
// at a time ("next"), so at most one batch waits in memory, and the caps on columns, rows and
// inflated size stop a hostile file here (docs/uploads.md, "Reading off the event loop").

export type ReadRequest =
  | { type: "open"; path: string; format: "csv" | "xlsx"; caps: ReadCaps }
  | { type: "next" };

export type ReadReply =
  | { type: "rows"; rows: SheetRow[]; bytes: number }
  | { type: "end" }
  | {
      type: "unreadable";
      reason: UnreadableFileError["reason"];
      values: Record<string, string | number>;
      line: number | null;
    }
  | { type: "failed"; message: string };

let batches: AsyncGenerator<SheetRow[]> | null = null;
let bytes = 0;
const post = (reply: ReadReply) => parentPort!.postMessage(reply);

async function open(
  path: string,
  format: "csv" | "xlsx",
  caps: ReadCaps,
): Promise<AsyncGenerator<SheetRow[]>> {
  if (format === "xlsx") {
    // A first pass over the workbook's parts, inflating each without keeping anything: the sizes
    // it declares are checked before anything is inflated (an honest zip bomb stops there), and
    // each part is counted as it inflates (one that lies about its size stops a chunk past it).
    // Only then does the workbook parser, which cannot count, read the same bytes.
    try {
      const zip = await openZipSource(path, {
        entryBytes: () => caps.inflatedBytes,
        totalBytes: caps.inflatedBytes,
      });
      try {
        for (const name of zip.files.keys()) await zip.read(name, () => {});
      } finally {
        await zip.close();
      }
    } catch (error) {
      if (error instanceof ZipTooLargeError) {
        throw new UnreadableFileError("too_large_inflated", { maximum: caps.inflatedBytes });
      }
      throw new UnreadableFileError("unreadable", { format: "XLSX" });
    }
  }
  const read = format === "xlsx" ? readXlsxRows : readCsvRows;
  return capped(
    read(path, (n) => (bytes += n), caps),
    caps,
  );
}

/** The rows cap (columns are checked by the readers, before a row's cells are made). */
async function* capped(source: AsyncGenerator<SheetRow[]>, caps: ReadCaps): AsyncGenerator<SheetRow[]> {
  let rows = 0;
  for await (const batch of source) {
    rows += batch.length;
    if (rows > caps.rows + 1) {
      // + 1: the header line is not a data row.
      throw new UnreadableFileError("too_many_rows", { maximum: caps.rows }, batch.at(-1)?.line ?? null);
    }
    yield batch;
  }
}

parentPort!.on("message", async (request: ReadRequest) => {
  try {
    if (request.type === "open") {
      bytes = 0;
      batches = await open(request.path, request.format, request.caps);
      post({ type: "rows", rows: [], bytes: 0 });
      return;
    }
    const next = await batches!.next();
    if (next.done) {
      batches = null;
      post({ type: "end" });
    } else {
      post({ type: "rows", rows: next.value, bytes });
    }
  } catch (error) {
    batches = null;
    if (error instanceof UnreadableFileError) {
      post({ type: "unreadable", reason: error.reason, values: error.values, line: error.line });
    } else {
      post({ type: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  }
});
