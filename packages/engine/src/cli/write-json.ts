// Writes a JSON value to a file in ~1 MB pieces with backpressure, so a large value never becomes
// one giant string (V8 caps strings at ~512 MB). The walk keeps its own stack, so it can pause at
// any value to let the file stream drain. Objects are indented down to `indentDepth` levels and
// compact below, which keeps big files small. This is the format of `costflow calc --json`; the
// results summary itself is streamed from the result by summary/write-summary-json.ts, which
// writes the same text without building the summary as objects.

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import type { Writable } from "node:stream";

const FLUSH_AT = 1 << 20;
/** Containers with more entries than this are walked even when compact, to bound string sizes. */
const NATIVE_MAX = 10_000;

function size(v: object): number {
  if (Array.isArray(v)) return v.length;
  if (ArrayBuffer.isView(v)) return (v as unknown as ArrayLike<number>).length;
  let n = 0;
  for (const _ in v) if (++n > NATIVE_MAX) break;
  return n;
}

interface Frame {
  /** Object keys (null for arrays). */
  keys: string[] | null;
  values: ArrayLike<unknown>;
  next: number;
  depth: number;
  pretty: boolean;
}

function isContainer(v: unknown): v is object {
  return v !== null && typeof v === "object";
}

export async function writeJsonFile(path: string, value: unknown, indentDepth = 3): Promise<void> {
  const out = createWriteStream(path);
  let buffer = "";
  const stack: Frame[] = [];

  const open = (v: object, depth: number): void => {
    if (Array.isArray(v) || ArrayBuffer.isView(v)) {
      const values = v as ArrayLike<unknown>;
      let nested = false;
      for (let i = 0; i < values.length && !nested; i++) nested = isContainer(values[i]);
      stack.push({ keys: null, values, next: 0, depth, pretty: depth < indentDepth && nested });
      buffer += "[";
    } else {
      const record = v as Record<string, unknown>;
      const keys = Object.keys(record).filter((k) => record[k] !== undefined);
      stack.push({ keys, values: keys.map((k) => record[k]), next: 0, depth, pretty: depth < indentDepth });
      buffer += "{";
    }
  };

  const emit = (v: unknown, depth: number): void => {
    if (typeof v === "number") buffer += Number.isFinite(v) ? String(v) : "null";
    else if (!isContainer(v) || typeof (v as { toJSON?: unknown }).toJSON === "function") {
      buffer += JSON.stringify(v) ?? "null";
    } else if (depth >= indentDepth && size(v) <= NATIVE_MAX) {
      // Below the indented levels, small values (a record's figures) go through the native
      // serialiser in one call: much faster than walking them here.
      buffer += JSON.stringify(v);
    } else open(v, depth);
  };

  emit(value, 0);
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    if (f.next === f.values.length) {
      stack.pop();
      if (f.pretty && f.values.length > 0) buffer += `\n${"  ".repeat(f.depth)}`;
      buffer += f.keys ? "}" : "]";
    } else {
      const i = f.next++;
      if (i > 0) buffer += ",";
      if (f.pretty) buffer += `\n${"  ".repeat(f.depth + 1)}`;
      if (f.keys) buffer += `${JSON.stringify(f.keys[i])}:${f.pretty ? " " : ""}`;
      emit(f.values[i], f.depth + 1);
    }
    if (buffer.length >= FLUSH_AT) {
      const chunk = buffer;
      buffer = "";
      if (!out.write(chunk)) await once(out, "drain");
    }
  }
  out.end(`${buffer}\n`);
  await once(out, "finish");
}

/**
 * Creates `path`, lets `write` fill it, then closes it; rejects on the first stream error (a
 * missing folder, a full disk) instead of leaving an unhandled error event.
 */
export async function writeFileStream(
  path: string,
  write: (stream: Writable) => Promise<void>,
): Promise<void> {
  const file = createWriteStream(path);
  const failed = new Promise<never>((_, reject) => file.once("error", reject));
  await Promise.race([
    (async () => {
      await write(file);
      file.end();
      await once(file, "finish");
    })(),
    failed,
  ]);
}
