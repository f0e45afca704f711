import { once } from "node:events";
import { from as copyFrom } from "pg-copy-streams";
import type { Executor } from "../../client.ts";
import { quoteIdentifier } from "../model-data/copy-text.ts";
import { type RawClient, withConnection } from "../model-data/raw-client.ts";

/** COPY's binary format: the signature, flags and header extension length; the trailer. */
const BINARY_HEADER = Buffer.from("5047434f50590aff0d0a00" + "00000000" + "00000000", "hex");
const BINARY_TRAILER = Buffer.from("ffff", "hex");

/**
 * COPY of ready-made COPY bytes into `table`, on the transaction's connection: COPY FROM STDIN on
 * PostgreSQL (with backpressure), COPY FROM a blob per chunk on PGlite. `format` "text" (lines) or
 * "binary" (rows without the header and trailer, each chunk ending between rows: the
 * BinaryCopyWriter of apps/api). `chunks` may be a generator: the report data is produced while it
 * is copied (report-data.ts).
 */
export async function copyBytes(
  table: string,
  columns: readonly string[],
  chunks: Chunks,
  tx: Executor,
  format: "text" | "binary" = "text",
) {
  const target = `${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(", ")})`;
  await withConnection(async (raw) => {
    if (raw.kind === "pglite") {
      if (format === "binary") await copyBinaryIntoPglite(raw.client, target, chunks);
      else await copyIntoPglite(raw.client, target, chunks);
    } else await copyIntoPostgres(raw.client, target, chunks, format);
  }, tx);
}

/** A table's COPY bytes: finished chunks, a generator, or chunks arriving from another thread. */
export type Chunks = Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

type PgliteClient = Extract<RawClient, { kind: "pglite" }>["client"];
type PostgresClient = Extract<RawClient, { kind: "postgres" }>["client"];

/**
 * One COPY per piece: a piece must end with a whole row, and a writer's chunk may end inside one
 * (CopyWriter starts a new chunk when the current one is full).
 */
async function copyIntoPglite(client: PgliteClient, target: string, chunks: Chunks) {
  const copy = (blob: Blob) => client.query(`COPY ${target} FROM '/dev/blob'`, [], { blob });
  let carry: Uint8Array = new Uint8Array(0);
  for await (const chunk of chunks) {
    const end = chunk.lastIndexOf(10);
    if (end < 0) {
      carry = Buffer.concat([carry, chunk]);
      continue;
    }
    await copy(new Blob([carry, chunk.subarray(0, end + 1)]));
    carry = Uint8Array.from(chunk.subarray(end + 1));
  }
  if (carry.length) await copy(new Blob([carry]));
}

/** Binary rows: one COPY per chunk (whole rows), with the header and trailer around it. */
async function copyBinaryIntoPglite(client: PgliteClient, target: string, chunks: Chunks) {
  for await (const chunk of chunks) {
    const blob = new Blob([BINARY_HEADER, chunk, BINARY_TRAILER]);
    await client.query(`COPY ${target} FROM '/dev/blob' WITH (FORMAT binary)`, [], { blob });
  }
}

/** COPY FROM STDIN, waiting for the stream to drain when it asks to. */
async function copyIntoPostgres(
  client: PostgresClient,
  target: string,
  chunks: Chunks,
  format: "text" | "binary",
) {
  const binary = format === "binary";
  const stream = client.query(copyFrom(`COPY ${target} FROM STDIN${binary ? " WITH (FORMAT binary)" : ""}`));
  let failure: Error | null = null;
  const finished = new Promise<void>((resolve) => {
    stream.on("finish", resolve);
    stream.on("error", (error) => {
      failure = error;
      resolve();
    });
  });
  if (binary) stream.write(BINARY_HEADER);
  try {
    for await (const chunk of chunks) {
      if (failure) break;
      if (!stream.write(chunk)) await Promise.race([once(stream, "drain"), finished]);
    }
  } catch (error) {
    // The rows' generator failed: the COPY is abandoned (CopyFail), so the connection leaves COPY
    // mode and the transaction around it rolls back like after any other failed statement.
    stream.destroy(error as Error);
    await finished;
    throw error;
  }
  if (!failure) stream.end(binary ? BINARY_TRAILER : undefined);
  await finished;
  if (failure) throw failure;
}
