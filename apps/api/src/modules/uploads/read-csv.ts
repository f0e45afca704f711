import { createReadStream } from "node:fs";
import type { TextDecoder } from "node:util";
import { CsvParser, detectSeparator } from "./csv-parser.ts";
import { detectEncoding, strictDecoder, type TextEncoding } from "./decode-text.ts";
import { type ReadCaps, type SheetRow, UnreadableFileError } from "./source-rows.ts";

/**
 * Streams a CSV file as batches of records: UTF-8 (with or without BOM) or UTF-16 LE/BE with a
 * BOM, `,` or `;` separated (whichever the header line uses). Only one chunk of the file is in
 * memory at a time.
 */
export async function* readCsvRows(
  path: string,
  onBytes: (bytes: number) => void,
  caps: ReadCaps,
): AsyncGenerator<SheetRow[]> {
  const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
  let head: Buffer | null = Buffer.alloc(0);
  let decoder: TextDecoder | undefined;
  let encoding: TextEncoding = "utf-8";
  let parser: CsvParser | undefined;
  // Text read before the end of the header line is known (to detect the separator).
  let pending = "";

  const decode = (bytes: Uint8Array, final: boolean) => {
    try {
      return decoder!.decode(bytes, { stream: !final });
    } catch {
      throw new UnreadableFileError("invalid_encoding", { encoding: encoding.toUpperCase() }, null);
    }
  };
  const feed = (text: string, final: boolean): SheetRow[] => {
    if (!parser) {
      pending += text;
      if (!final && !/[\r\n]/.test(pending)) return [];
      parser = new CsvParser(detectSeparator(pending));
      text = pending;
      pending = "";
    }
    parser.push(text);
    if (final) parser.end();
    const records = parser.records.splice(0);
    for (const record of records) {
      if (record.fields.length > caps.columns) {
        throw new UnreadableFileError("too_many_columns", { maximum: caps.columns }, record.line);
      }
    }
    return records;
  };

  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      onBytes(chunk.length);
      let bytes: Buffer = chunk;
      if (head) {
        // The byte order mark needs the first three bytes, which a tiny first chunk may not have.
        head = Buffer.concat([head, chunk]);
        if (head.length < 3) continue;
        const detected = detectEncoding(head);
        encoding = detected.encoding;
        decoder = strictDecoder(encoding);
        bytes = head.subarray(detected.bomLength);
        head = null;
      }
      const rows = feed(decode(bytes, false), false);
      if (rows.length > 0) yield rows;
    }
    if (head) {
      const detected = detectEncoding(head);
      encoding = detected.encoding;
      decoder = strictDecoder(encoding);
      const rows = feed(decode(head.subarray(detected.bomLength), true), true);
      if (rows.length > 0) yield rows;
      return;
    }
    const rows = feed(decode(new Uint8Array(0), true), true);
    if (rows.length > 0) yield rows;
  } finally {
    stream.destroy();
  }
}
