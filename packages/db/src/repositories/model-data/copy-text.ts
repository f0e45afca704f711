import { once } from "node:events";
import { StringDecoder } from "node:string_decoder";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import type { Executor } from "../../client.ts";
import { type RawClient, withConnection } from "./raw-client.ts";

// COPY in PostgreSQL's text format: one line per row, tab between columns, \N for NULL,
// backslash escapes for backslash, tab, newline and carriage return. PostgreSQL streams it through
// pg-copy-streams; PGlite reads it from / writes it to a blob ('/dev/blob').

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
 * Streams the rows of `select` (SQL without parameters: COPY takes none) to `onRow` as raw COPY
 * fields (decode text cells with decodeCopyField). The fields array is reused between rows.
 */
export async function copyOut(
  executor: Executor,
  select: string,
  onRow: (fields: string[]) => void,
): Promise<number> {
  const statement = `COPY (${select}) TO STDOUT`;
  let rows = 0;
  let partial = "";
  const fields: string[] = [];
  const onText = (text: string) => {
    let start = 0;
    let text2 = text;
    if (partial !== "") {
      text2 = partial + text;
      partial = "";
    }
    for (;;) {
      const end = text2.indexOf("\n", start);
      if (end < 0) {
        partial = text2.slice(start);
        return;
      }
      splitLine(text2, start, end, fields);
      onRow(fields);
      rows++;
      start = end + 1;
    }
  };
  await withConnection(executor, async (raw) => {
    if (raw.kind === "pglite") {
      const result = await raw.client.query(statement.replace("TO STDOUT", "TO '/dev/blob'"));
      if (!result.blob) return;
      const decoder = new TextDecoder();
      for await (const chunk of result.blob.stream() as unknown as AsyncIterable<Uint8Array>) {
        onText(decoder.decode(chunk, { stream: true }));
      }
      onText(decoder.decode());
      return;
    }
    const stream = raw.client.query(copyTo(statement));
    const decoder = new StringDecoder("utf8");
    for await (const chunk of stream) onText(decoder.write(chunk as Buffer));
    onText(decoder.end());
  });
  if (partial !== "") throw new Error("COPY output ended inside a row");
  return rows;
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
  executor: Executor,
  table: string,
  columns: readonly string[],
  chunks: AsyncIterable<string> | Iterable<string>,
): Promise<void> {
  const target = `${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(", ")})`;
  await withConnection(executor, async (raw) => {
    if (raw.kind === "pglite") await copyInPglite(raw, target, chunks);
    else await copyInPostgres(raw, target, chunks);
  });
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
