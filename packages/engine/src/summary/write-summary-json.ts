// Writes the results summary (shared/guide/results-summary.md) as JSON text to a stream, without
// building it as objects: the per-record sections (`records`, `pnl`, `profit`) and the whale
// points are written straight from the result's typed arrays, in ~1 MB chunks with backpressure.
// At benchmark size L the text is well over a gigabyte, past V8's largest string, and an object per
// record would cost gigabytes of heap.
//
// The text is byte-identical to cli/write-json.ts applied to buildSummary(model, result): objects
// and arrays of containers indented two spaces down to depth 3, compact below; keys in the order a
// JavaScript object enumerates them (integer-like keys first, ascending, then insertion order);
// numbers as JSON.stringify writes them; a final newline.

import { once } from "node:events";
import type { Writable } from "node:stream";
import { roundMajor, toMajor } from "../calc/decimal.ts";
import type { CalcResult } from "../calc/result-types.ts";
import type { ModelData } from "../model/types.ts";
import { buildSummaryHead, linesInRank } from "./build-summary.ts";

const FLUSH_AT = 1 << 20;
/** Depths below this are indented (as in cli/write-json.ts). */
const INDENT_DEPTH = 3;
/** Containers up to this size below the indented depths are written by JSON.stringify. */
const NATIVE_MAX = 10_000;

/** Text chunks to a stream, waiting for it to drain when its buffer is full. */
class ChunkedWriter {
  private text = "";

  constructor(private readonly stream: Writable) {}

  add(s: string): void {
    this.text += s;
  }

  /** Hands the text over once it reaches FLUSH_AT; call between records. */
  async maybeFlush(): Promise<void> {
    if (this.text.length < FLUSH_AT) return;
    await this.flush();
  }

  async flush(): Promise<void> {
    const chunk = this.text;
    this.text = "";
    if (chunk.length > 0 && !this.stream.write(chunk)) await once(this.stream, "drain");
  }
}

const indent = (depth: number) => `\n${"  ".repeat(depth)}`;
const num = (v: number) => (Number.isFinite(v) ? String(v) : "null");

/** Whether `key` is an array index, which a JavaScript object enumerates first. */
function isIndexKey(key: string): boolean {
  const c = key.charCodeAt(0);
  if (c < 48 || c > 57) return false;
  return /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < 4294967295;
}

/** Positions of `keys` (unique, in insertion order) in an object's enumeration order. */
function enumerationOrder(keys: readonly string[]): Int32Array | null {
  let any = false;
  for (let i = 0; i < keys.length && !any; i++) any = isIndexKey(keys[i]!);
  if (!any) return null;
  const index: number[] = [];
  const rest: number[] = [];
  for (let i = 0; i < keys.length; i++) (isIndexKey(keys[i]!) ? index : rest).push(i);
  index.sort((a, b) => Number(keys[a]) - Number(keys[b]));
  return Int32Array.from([...index, ...rest]);
}

/** A small value, formatted as cli/write-json.ts formats it at `depth`. */
function format(v: unknown, depth: number): string {
  if (typeof v === "number") return num(v);
  if (v === null || typeof v !== "object" || typeof (v as { toJSON?: unknown }).toJSON === "function") {
    return JSON.stringify(v) ?? "null";
  }
  const array = Array.isArray(v) || ArrayBuffer.isView(v);
  const size = array ? (v as ArrayLike<unknown>).length : Object.keys(v).length;
  if (depth >= INDENT_DEPTH && size <= NATIVE_MAX) return JSON.stringify(v);
  if (array) {
    const values = v as ArrayLike<unknown>;
    let nested = false;
    for (let i = 0; i < values.length && !nested; i++)
      nested = values[i] !== null && typeof values[i] === "object";
    const pretty = depth < INDENT_DEPTH && nested;
    let s = "[";
    for (let i = 0; i < values.length; i++) {
      if (i > 0) s += ",";
      if (pretty) s += indent(depth + 1);
      s += format(values[i], depth + 1);
    }
    return `${s}${pretty && values.length > 0 ? indent(depth) : ""}]`;
  }
  const record = v as Record<string, unknown>;
  const keys = Object.keys(record).filter((k) => record[k] !== undefined);
  const pretty = depth < INDENT_DEPTH;
  let s = "{";
  keys.forEach((k, i) => {
    if (i > 0) s += ",";
    if (pretty) s += indent(depth + 1);
    s += `${JSON.stringify(k)}:${pretty ? " " : ""}${format(record[k], depth + 1)}`;
  });
  return `${s}${pretty && keys.length > 0 ? indent(depth) : ""}}`;
}

/**
 * Writes the results-summary JSON of `result` (plus a final newline) to `stream`; does not end it.
 * The same document as JSON.stringify(buildSummary(model, result)) up to whitespace.
 */
export async function writeSummaryJson(
  model: ModelData,
  result: CalcResult,
  stream: Writable,
): Promise<void> {
  // Everything but the per-record parts and the whale points, written below instead.
  const head = buildSummaryHead(model, result) as unknown as Record<string, unknown>;
  const d = result.minorDigits;
  const out = new ChunkedWriter(stream);
  const lineCodes = linesInRank(model).map((l) => l.code);
  const lineOrder = enumerationOrder(lineCodes);
  const lineKeys = lineCodes.map((c) => JSON.stringify(c));

  /** `{"<dim>": {"<id>": <entry>, ...}, ...}` at depth 1, dimensions in `section`'s key order. */
  const perRecord = async (section: Record<string, unknown>, entry: (code: string, i: number) => string) => {
    const dims = Object.keys(section);
    out.add("{");
    for (let k = 0; k < dims.length; k++) {
      const code = dims[k]!;
      out.add(`${k > 0 ? "," : ""}${indent(2)}${JSON.stringify(code)}: {`);
      const ids = result.dimensions.get(code)!.identifiers;
      const order = enumerationOrder(ids);
      for (let j = 0; j < ids.length; j++) {
        const i = order === null ? j : order[j]!;
        out.add(`${j > 0 ? "," : ""}${indent(3)}${JSON.stringify(ids[i])}: ${entry(code, i)}`);
        if ((j & 1023) === 1023) await out.maybeFlush();
      }
      out.add(ids.length > 0 ? `${indent(2)}}` : "}");
    }
    out.add(dims.length > 0 ? `${indent(1)}}` : "}");
  };

  const keys = Object.keys(head).filter((k) => head[k] !== undefined);
  out.add("{");
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    out.add(`${k > 0 ? "," : ""}${indent(1)}${JSON.stringify(key)}: `);
    const value = head[key] as Record<string, unknown>;
    if (key === "records") {
      await perRecord(value, (code, i) => {
        const dim = result.dimensions.get(code)!;
        return `{"cost":${num(toMajor(dim.cost[i]!, d))},"unallocated":${num(toMajor(dim.unallocated[i]!, d))}}`;
      });
    } else if (key === "pnl") {
      await perRecord(value, (code, i) => {
        const values = result.pnl.byDimension.get(code)!.values;
        let text = "{";
        for (let l = 0; l < lineCodes.length; l++) {
          const line = lineOrder === null ? l : lineOrder[l]!;
          const v = roundMajor(values.get(lineCodes[line]!)![i]!, d);
          text += `${l > 0 ? "," : ""}${lineKeys[line]}:${num(v)}`;
        }
        return `${text}}`;
      });
    } else if (key === "profit") {
      await perRecord(value, (code, i) => num(roundMajor(result.pnl.byDimension.get(code)!.profit[i]!, d)));
    } else if (key === "whale") {
      await writeWhale(out, value, result);
    } else out.add(format(value, 1));
    await out.maybeFlush();
  }
  out.add(keys.length > 0 ? "\n}\n" : "}\n");
  await out.flush();
}

/** The whale section at depth 1: each entry as formatted, its points streamed from the result. */
async function writeWhale(out: ChunkedWriter, section: Record<string, unknown>, result: CalcResult) {
  const dims = Object.keys(section);
  out.add("{");
  for (let k = 0; k < dims.length; k++) {
    const code = dims[k]!;
    const entry = section[code] as Record<string, unknown>;
    out.add(`${k > 0 ? "," : ""}${indent(2)}${JSON.stringify(code)}: {`);
    const fields = Object.keys(entry).filter((f) => entry[f] !== undefined);
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f]!;
      out.add(`${f > 0 ? "," : ""}${indent(3)}${JSON.stringify(field)}: `);
      if (field !== "points") {
        out.add(format(entry[field], 3));
        continue;
      }
      // [[x, y], ...] compact, as JSON.stringify writes an array of pairs.
      const points = result.whale.get(code)!.points!;
      out.add("[");
      for (let p = 0; p < points.length; p += 2) {
        out.add(`${p > 0 ? "," : ""}[${num(points[p]!)},${num(points[p + 1]!)}]`);
        if ((p & 2047) === 2046) await out.maybeFlush();
      }
      out.add("]");
    }
    out.add(fields.length > 0 ? `${indent(2)}}` : "}");
  }
  out.add(dims.length > 0 ? `${indent(1)}}` : "}");
}
