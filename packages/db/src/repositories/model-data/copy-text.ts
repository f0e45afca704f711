import { once } from "node:events";
import { StringDecoder } from "node:string_decoder";
import type pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import type { Executor } from "../../client.ts";
import { isPool, type RawClient, rawClient, withConnection } from "./raw-client.ts";
import { readAhead } from "./read-ahead.ts";

// COPY in PostgreSQL's text format: one line per row, tab between columns, \N for NULL,
// backslash escapes for backslash, tab, newline and carriage return. PostgreSQL streams it through
// pg-copy-streams; PGlite reads it from / writes it to a blob ('/dev/blob').

/**
 * A COPY out is received this far ahead of its consumer, so that the server goes on sending while
 * the consumer works on what came (PostgreSQL and the export's encoding then run side by side).
 */
const COPY_READ_AHEAD_BYTES = 16 << 20;
/** Flush a PGlite COPY FROM after this many characters, so memory stays bounded. */
const PGLITE_COPY_IN_CHARS = 32 << 20;

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES = /[\\\t\n\r]/g;
const ESCAPED: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** A value as a COPY text field; null is \N. */
export function copyField(value: string | null): string {
  if (value === null) return "\\N";
  return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPES, (c) => ESCAPED[c]!) : value;
}

/** A COPY text field back to its value (null for \N). */
export function decodeCopyField(field: string): string | null {
  if (field === "\\N") return null;
  if (!field.includes("\\")) return field;
  return field.replace(/\\(.)/g, (_, c: string) => {
    switch (c) {
      case "t":
        return "\t";
      case "n":
        return "\n";
      case "r":
        return "\r";
      case "b":
        return "\b";
      case "f":
        return "\f";
      case "v":
        return "\v";
      default:
        return c;
    }
  });
}

/**
 * The COPY text of `select` (SQL without parameters) as it arrives, each piece ending at a line end
 * (whole rows only; split them with forEachCopyRow). On PostgreSQL the stream is received at most
 * 16 MB ahead of the consumer (COPY_READ_AHEAD_BYTES), then the server waits: a slow writer holds
 * no more than that in memory. The connection is released when the loop ends, however it ends.
 */
export async function* copyOutLines(
  select: string,
  options: { hashJoins?: boolean },
  executor: Executor,
): AsyncGenerator<string> {
  let partial = "";
  const whole = function* (text: string): Generator<string> {
    const joined = partial === "" ? text : partial + text;
    const end = joined.lastIndexOf("\n");
    partial = joined.slice(end + 1);
    if (end >= 0) yield joined.slice(0, end + 1);
  };
  const decoder = new StringDecoder("utf8");
  for await (const chunk of copyOutBytes(select, { ...options, format: "text" }, executor))
    yield* whole(decoder.write(chunk as Buffer));
  yield* whole(decoder.end());
  if (partial !== "") throw new Error("COPY output ended inside a row");
}

/** work_mem of a COPY with hashJoins on PostgreSQL (room for the hash of five million records). */
const HASH_JOIN_WORK_MEM = "192MB";

/**
 * The bytes of `COPY (select) TO STDOUT` as they arrive (pieces end anywhere, even inside a
 * character): PostgreSQL's text format, or its CSV format (RFC 4180: a field is quoted when it holds
 * a comma, a quote or a line break; NULL is an empty field, an empty string `""`), which a file
 * meant for other tools takes as it is. Read ahead, as copyOutLines.
 */
export async function* copyOutBytes(
  select: string,
  options: { hashJoins?: boolean; format: "text" | "csv" },
  executor: Executor,
): AsyncGenerator<Uint8Array> {
  const statement = `COPY (${select}) TO STDOUT${options.format === "csv" ? " WITH (FORMAT csv)" : ""}`;
  // hashJoins: a join of two large tables freshly filled by COPY (no statistics yet) is planned
  // as a nested loop over rows estimated at one, which probes an index per row; without nested
  // loops it becomes one hash join. Set for this statement only (SET LOCAL in its transaction).
  const setting = options.hashJoins ? "set local enable_nestloop = off" : null;
  // On PostgreSQL the hash join's table (a dimension's records, about 64 MB per million) also gets
  // room to be built in one batch, instead of spilling both sides to temporary files in batches of
  // the default 8 MB (4 MB work_mem, twice that for hashes): measured in docs/performance.md,
  // "Session 15". PGlite keeps its default (its whole database lives in the process's memory).
  const postgresSetting = setting && `${setting}; set local work_mem = '${HASH_JOIN_WORK_MEM}'`;
  const raw = rawClient(executor);
  if (raw.kind === "pglite") {
    const copy = statement.replace("TO STDOUT", "TO '/dev/blob'");
    const client = raw.client;
    const result =
      setting && "transaction" in client
        ? await client.transaction(async (tx) => {
            await tx.exec(setting);
            return tx.query(copy);
          })
        : await client.query(copy);
    if (result.blob) yield* result.blob.stream() as unknown as AsyncIterable<Uint8Array>;
    return;
  }
  const pooled = isPool(raw.client);
  const connection = pooled ? await (raw.client as pg.Pool).connect() : (raw.client as pg.PoolClient);
  const local = setting !== null && pooled;
  if (local) await connection.query(`begin; ${postgresSetting}`);
  const stream = connection.query(copyTo(statement));
  let complete = false;
  try {
    yield* readAhead(stream as AsyncIterable<Buffer>, COPY_READ_AHEAD_BYTES);
    if (local) await connection.query("commit");
    complete = true;
  } finally {
    // Left early (the consumer stopped, or a failure): the COPY is still running on that
    // connection, which is closed rather than given back.
    if (pooled) (connection as pg.PoolClient).release(complete ? undefined : true);
    else if (!complete) stream.destroy();
  }
}

/**
 * One row of a COPY text stream as bytes: field k is bytes[starts[k], ends[k]), still in COPY's
 * text form (`\N` for NULL, backslash escapes). A field without a backslash is its value's UTF-8
 * bytes as they are; decode the others with decodeCopyField. Valid only during the call.
 */
export interface CopyRowBytes {
  bytes: Buffer;
  starts: Int32Array;
  ends: Int32Array;
}

const TAB = 0x09;
const NEWLINE = 0x0a;
/** The byte that starts every escape of COPY's text format, and NULL (`\N`). */
export const BACKSLASH = 0x5c;

/**
 * The rows of `select` (SQL without parameters), `width` columns each, handed to `onRow` as the
 * byte ranges of their fields: no string per cell. Rows are cut at newline bytes, which never
 * occur inside a UTF-8 character or an escaped field; a piece's unfinished row is read again with
 * the next piece. Answers the number of rows.
 */
export function copyOutRowBytes(
  select: string,
  width: number,
  onRow: (row: CopyRowBytes) => void,
  executor: Executor,
): Promise<number> {
  return forEachRowBytes(copyOutBytes(select, { format: "text" }, executor), width, onRow);
}

/** copyOutRowBytes over any pieces of COPY text (each may end anywhere, even inside a character). */
export async function forEachRowBytes(
  pieces: AsyncIterable<Uint8Array>,
  width: number,
  onRow: (row: CopyRowBytes) => void,
): Promise<number> {
  const row: CopyRowBytes = {
    bytes: Buffer.alloc(0),
    starts: new Int32Array(width),
    ends: new Int32Array(width),
  };
  const { starts, ends } = row;
  let carry: Buffer | null = null;
  let rows = 0;
  for await (const piece of pieces) {
    const chunk = Buffer.isBuffer(piece)
      ? piece
      : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    const bytes: Buffer = carry === null ? chunk : Buffer.concat([carry, chunk]);
    row.bytes = bytes;
    // One pass over the bytes: a tab ends a field, a newline the row's last field and the row.
    let start = 0;
    let k = 0;
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i]!;
      if (c !== TAB && c !== NEWLINE) continue;
      if (k === width || (c === NEWLINE && k !== width - 1)) {
        throw new Error(`COPY row with ${c === NEWLINE ? k + 1 : `more than ${width}`} fields, not ${width}`);
      }
      starts[k] = start;
      ends[k++] = i;
      start = i + 1;
      if (c === NEWLINE) {
        onRow(row);
        rows++;
        k = 0;
      }
    }
    // The unfinished row is copied (the piece it is in may be reused by the stream).
    const rowStart = k === 0 ? start : starts[0]!;
    carry = rowStart < bytes.length ? Buffer.from(bytes.subarray(rowStart)) : null;
  }
  if (carry !== null) throw new Error("COPY output ended inside a row");
  return rows;
}

/**
 * The integers of an integer array's text (`{1,-20,NULL}`, as COPY or `::text` gives it) into
 * `out` (NULL as 0), read in place: no string per element. Returns how many there are (elements
 * past `out`'s length are counted, not stored). Integers below 2^53 only (minor units).
 */
export function readIntegerArray(text: string, out: Float64Array): number {
  if (text.length <= 2) return 0;
  let count = 0;
  let value = 0;
  let negative = false;
  for (let i = 1; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch >= 48 && ch <= 57) value = value * 10 + (ch - 48);
    else if (ch === 45) negative = true;
    else if (ch === 44 || ch === 125) {
      // A comma or the closing brace ends an element (NULL has no digits: 0).
      out[count++] = negative ? -value : value;
      value = 0;
      negative = false;
    }
  }
  return count;
}

/** Calls `onRow` with the raw COPY fields of every line of `text` (whole lines); answers the count. */
export function forEachCopyRow(text: string, onRow: (fields: string[]) => void): number {
  const fields: string[] = [];
  let rows = 0;
  for (let start = 0; ; ) {
    const end = text.indexOf("\n", start);
    if (end < 0) return rows;
    splitLine(text, start, end, fields);
    onRow(fields);
    rows++;
    start = end + 1;
  }
}

function splitLine(text: string, start: number, end: number, out: string[]): void {
  out.length = 0;
  let from = start;
  for (;;) {
    const tab = text.indexOf("\t", from);
    if (tab < 0 || tab > end) {
      out.push(text.slice(from, end));
      return;
    }
    out.push(text.slice(from, tab));
    from = tab + 1;
  }
}

/**
 * COPY rows into `table` from text chunks, each holding whole lines (fields made with copyField,
 * joined by tabs, each line ending in \n). Must run on one connection: pass a transaction.
 */
export async function copyIn(
  table: string,
  columns: readonly string[],
  chunks: AsyncIterable<string> | Iterable<string>,
  executor: Executor,
): Promise<void> {
  const target = `${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(", ")})`;
  await withConnection(async (raw) => {
    if (raw.kind === "pglite") await copyInPglite(raw, target, chunks);
    else await copyInPostgres(raw, target, chunks);
  }, executor);
}

async function copyInPostgres(
  raw: Extract<RawClient, { kind: "postgres" }>,
  target: string,
  chunks: AsyncIterable<string> | Iterable<string>,
): Promise<void> {
  const stream = raw.client.query(copyFrom(`COPY ${target} FROM STDIN`));
  let failure: Error | null = null;
  stream.on("error", (error) => {
    failure = error;
  });
  const finished = new Promise<void>((resolve) => {
    stream.on("finish", resolve);
    stream.on("error", () => resolve());
  });
  for await (const chunk of chunks) {
    if (failure) break;
    if (!stream.write(chunk)) await Promise.race([once(stream, "drain"), finished]);
  }
  if (!failure) stream.end();
  await finished;
  if (failure) throw failure;
}

async function copyInPglite(
  raw: Extract<RawClient, { kind: "pglite" }>,
  target: string,
  chunks: AsyncIterable<string> | Iterable<string>,
): Promise<void> {
  let parts: string[] = [];
  let size = 0;
  const flush = async () => {
    if (size === 0) return;
    const blob = new Blob(parts);
    parts = [];
    size = 0;
    await raw.client.query(`COPY ${target} FROM '/dev/blob'`, [], { blob });
  };
  for await (const chunk of chunks) {
    parts.push(chunk);
    size += chunk.length;
    if (size >= PGLITE_COPY_IN_CHARS) await flush();
  }
  await flush();
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
