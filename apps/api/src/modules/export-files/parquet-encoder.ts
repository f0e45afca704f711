import { snappyCompressor } from "hysnappy";
import type { ColumnType, StarChunk, StarColumn, StarValue } from "./bi-star-columns.ts";

// The BI template's Parquet files, encoded here (docs/exports.md, "Parquet files"): a flat schema
// of OPTIONAL columns, row groups of one data page per column (format v1 pages, which every reader
// takes), values dictionary encoded while a row group's column has few distinct ones, else PLAIN
// (INT32, INT64, DOUBLE, BOOLEAN; strings as BYTE_ARRAY UTF8), definition levels in the RLE /
// bit-packed hybrid, pages compressed with snappy, no statistics. Cells are written straight
// from the chunk's values into one reused buffer: an INT64 cell may be a number (a safe integer,
// no BigInt made per cell) or a bigint. A general writer (hyparquet-writer) took ten times as long
// on the BI tables, most of it in per-cell checks, dictionary trials and garbage.
// The format: https://parquet.apache.org/docs/file-format/ (parquet.thrift, compact protocol).

const MAGIC = [0x50, 0x41, 0x52, 0x31]; // "PAR1"

// parquet.thrift enums
const TYPE: Record<ColumnType, number> = { BOOLEAN: 0, INT32: 1, INT64: 2, DOUBLE: 5, STRING: 6 };
const OPTIONAL = 1;
const UTF8 = 0;
const PLAIN = 0;
const RLE = 3;
const RLE_DICTIONARY = 8;
const SNAPPY = 1;
const DATA_PAGE = 0;
const DICTIONARY_PAGE = 2;
// thrift compact protocol field types
const T_I32 = 5;
const T_I64 = 6;
const T_BINARY = 8;
const T_LIST = 9;
const T_STRUCT = 12;

/**
 * A row group's column is dictionary encoded while it has at most this many distinct values
 * (strings, numbers), and no more than a quarter of its values (strings) or a sixteenth (numbers:
 * their plain values cost little to write, a lookup per value does), judged first on the first
 * SAMPLE values so that a column of keys or amounts is found out early.
 */
const DICTIONARY_LIMIT = { string: 1 << 16, number: 1 << 12 };
const DICTIONARY_SHARE = { string: 4, number: 16 };
const SAMPLE = 1024;
const TWO_32 = 2 ** 32;

/** A growable byte buffer with little-endian writes. */
class Bytes {
  bytes = new Uint8Array(1 << 16);
  view = new DataView(this.bytes.buffer);
  length = 0;

  reserve(n: number): void {
    const need = this.length + n;
    if (need <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < need) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
    this.view = new DataView(next.buffer);
  }
  u8(x: number): void {
    this.reserve(1);
    this.bytes[this.length++] = x;
  }
  /** Unsigned varint of a non-negative integer up to 2^53. */
  varint(x: number): void {
    this.reserve(8);
    while (x >= 0x80) {
      this.bytes[this.length++] = (x % 0x80) | 0x80;
      x = Math.floor(x / 0x80);
    }
    this.bytes[this.length++] = x;
  }
  /** Zigzag varint of a signed integer (|x| below 2^52). */
  zigzag(x: number): void {
    this.varint(x >= 0 ? x * 2 : -x * 2 - 1);
  }
  int32(x: number): void {
    this.reserve(4);
    this.view.setInt32(this.length, x, true);
    this.length += 4;
  }
  append(b: Uint8Array): void {
    this.reserve(b.length);
    this.bytes.set(b, this.length);
    this.length += b.length;
  }
  /** A string's UTF-8 bytes (a plain loop for ASCII, TextEncoder otherwise). */
  utf8(s: string): number {
    const n = s.length;
    this.reserve(n * 3);
    const start = this.length;
    const out = this.bytes;
    let i = 0;
    for (; i < n; i++) {
      const ch = s.charCodeAt(i);
      if (ch >= 0x80) break;
      out[start + i] = ch;
    }
    if (i === n) {
      this.length = start + n;
      return n;
    }
    const { written } = ENCODER.encodeInto(s.slice(i), out.subarray(start + i));
    this.length = start + i + written;
    return i + written;
  }
  take(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
  /** The bytes written so far, not copied (valid until the next write). */
  written(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

const ENCODER = new TextEncoder();

/** Thrift compact protocol writer (only what the metadata and page headers need). */
class Thrift {
  private last = 0;
  private readonly stack: number[] = [];
  constructor(readonly out: Bytes) {}

  private field(id: number, type: number): void {
    const delta = id - this.last;
    if (delta > 0 && delta <= 15) this.out.u8((delta << 4) | type);
    else {
      this.out.u8(type);
      this.out.zigzag(id);
    }
    this.last = id;
  }
  i32(id: number, x: number): this {
    this.field(id, T_I32);
    this.out.zigzag(x);
    return this;
  }
  i64(id: number, x: number): this {
    this.field(id, T_I64);
    this.out.zigzag(x);
    return this;
  }
  string(id: number, s: string): this {
    this.field(id, T_BINARY);
    this.binary(s);
    return this;
  }
  /** A string's UTF-8 bytes after their length (a binary value, no field header). */
  private binary(s: string): void {
    const bytes = ENCODER.encode(s);
    this.out.varint(bytes.length);
    this.out.append(bytes);
  }
  begin(id: number): this {
    this.field(id, T_STRUCT);
    this.stack.push(this.last);
    this.last = 0;
    return this;
  }
  /** A struct element of a list (no field header). */
  element(): this {
    this.stack.push(this.last);
    this.last = 0;
    return this;
  }
  end(): this {
    this.out.u8(0);
    this.last = this.stack.pop() ?? 0;
    return this;
  }
  list(id: number, type: number, size: number): this {
    this.field(id, T_LIST);
    if (size < 15) this.out.u8((size << 4) | type);
    else {
      this.out.u8(0xf0 | type);
      this.out.varint(size);
    }
    return this;
  }
  i32List(id: number, xs: number[]): this {
    this.list(id, T_I32, xs.length);
    for (const x of xs) this.out.zigzag(x);
    return this;
  }
  stringList(id: number, xs: string[]): this {
    this.list(id, T_BINARY, xs.length);
    for (const s of xs) this.binary(s);
    return this;
  }
}

/**
 * The RLE / bit-packed hybrid encoding of `n` values of `width` bits (width 1 to 16): a run of 8
 * or more equal values starting at a group boundary as one RLE run, other values bit-packed in
 * groups of 8 (the last group padded with zeros).
 */
function writeHybrid(out: Bytes, values: ArrayLike<number>, n: number, width: number): void {
  const valueBytes = (width + 7) >> 3;
  let i = 0;
  while (i < n) {
    let j = i + 1;
    const v = values[i]!;
    while (j < n && values[j] === v) j++;
    if (j - i >= 8) {
      out.varint((j - i) * 2);
      out.reserve(valueBytes);
      for (let b = 0; b < valueBytes; b++) out.bytes[out.length++] = (v >> (8 * b)) & 0xff;
      i = j;
      continue;
    }
    // Bit-packed groups of 8 until a run of 8 starts at a group boundary (at most 63 groups, so
    // the header is one byte).
    const start = i;
    let groups = 0;
    while (i < n && groups < 63) {
      if (groups > 0) {
        const w = values[i]!;
        let k = i + 1;
        while (k < n && k - i < 8 && values[k] === w) k++;
        if (k - i >= 8) break;
      }
      i += 8;
      groups++;
    }
    out.varint(groups * 2 + 1);
    out.reserve(groups * width);
    // Fewer than 8 bits wait in `acc` before each value is added (width <= 16): it stays below 2^24.
    const bytes = out.bytes;
    let at = out.length;
    let acc = 0;
    let bits = 0;
    const stop = Math.min(n, start + groups * 8);
    for (let k = start; k < stop; k++) {
      acc |= values[k]! << bits;
      bits += width;
      while (bits >= 8) {
        bytes[at++] = acc & 0xff;
        acc >>>= 8;
        bits -= 8;
      }
    }
    // The last group padded with zeros to a whole group of 8 values.
    const end = out.length + groups * width;
    if (bits > 0) bytes[at++] = acc;
    while (at < end) bytes[at++] = 0;
    out.length = end;
    if (i > n) i = n;
  }
}

function bitWidth(max: number): number {
  let w = 0;
  while (max > 0) {
    w++;
    max >>>= 1;
  }
  return w;
}

interface ChunkMeta {
  type: number;
  encodings: number[];
  values: number;
  uncompressed: number;
  compressed: number;
  dataOffset: number;
  dictionaryOffset: number | null;
}

/**
 * A Parquet file written a row group at a time: `rowGroup` encodes a chunk's columns and hands the
 * bytes to `sink`; `finish` writes the footer.
 */
export class ParquetEncoder {
  private readonly compress = snappyCompressor();
  private readonly body = new Bytes();
  private readonly header = new Bytes();
  private readonly dictionaryPage = new Bytes();
  private defs = new Uint8Array(0);
  private offset = 0;
  private rows = 0;
  private readonly groups: { rows: number; bytes: number; columns: ChunkMeta[] }[] = [];

  constructor(
    private readonly columns: StarColumn[],
    private readonly sink: (bytes: Uint8Array) => Promise<void>,
  ) {}

  async start(): Promise<void> {
    await this.emit(Uint8Array.from(MAGIC));
  }

  private async emit(bytes: Uint8Array): Promise<void> {
    this.offset += bytes.length;
    await this.sink(bytes);
  }

  /** One row group of `chunk.rows` rows (each column `rows` long). */
  async rowGroup(chunk: StarChunk): Promise<void> {
    const n = chunk.rows;
    if (n === 0) return;
    const metas: ChunkMeta[] = [];
    let bytes = 0;
    for (let c = 0; c < this.columns.length; c++) {
      const meta = await this.column(this.columns[c]!, chunk.columns[c]!, n);
      metas.push(meta);
      bytes += meta.uncompressed;
    }
    this.groups.push({ rows: n, bytes, columns: metas });
    this.rows += n;
  }

  /** Definition levels (1 = a value) of the column's cells; the count of values. */
  private definitions(cells: StarValue[], n: number): number {
    if (this.defs.length < n) this.defs = new Uint8Array(n);
    const defs = this.defs;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const v = cells[i];
      const d = v === null || v === undefined ? 0 : 1;
      defs[i] = d;
      count += d;
    }
    return count;
  }

  private async column(column: StarColumn, cells: StarValue[], n: number): Promise<ChunkMeta> {
    const present = this.definitions(cells, n);
    const type = TYPE[column.type];
    const meta: ChunkMeta = {
      type,
      encodings: [RLE],
      values: n,
      uncompressed: 0,
      compressed: 0,
      dataOffset: 0,
      dictionaryOffset: null,
    };
    const body = this.body;
    body.length = 0;
    // Definition levels: 4-byte length, then the hybrid encoding (bit width 1).
    body.int32(0);
    if (present === n) {
      body.varint(n * 2);
      body.u8(1);
    } else writeHybrid(body, this.defs, n, 1);
    body.view.setInt32(0, body.length - 4, true);
    // PLAIN: the values themselves, or the dictionary page's values (the data page then holds
    // their indexes, RLE_DICTIONARY).
    meta.encodings.push(PLAIN);
    const dictionary = column.type === "BOOLEAN" ? null : dictionaryOf(column.type, cells, n, present);
    if (dictionary !== null) {
      const page = this.dictionaryPage;
      page.length = 0;
      writePlain(page, column, dictionary.keys, dictionary.keys.length, dictionary.keys.length);
      meta.dictionaryOffset = this.offset;
      await this.page(DICTIONARY_PAGE, page.written(), dictionary.keys.length, meta);
      meta.encodings.push(RLE_DICTIONARY);
      body.u8(dictionary.width);
      writeHybrid(body, dictionary.indexes, present, dictionary.width);
    } else writePlain(body, column, cells, n, present);
    meta.dataOffset = this.offset;
    await this.page(DATA_PAGE, body.written(), n, meta, dictionary ? RLE_DICTIONARY : PLAIN);
    return meta;
  }

  /**
   * A page: header then the snappy-compressed bytes (`raw` may be a reused buffer's view: it is
   * copied into snappy's memory before anything else is written), sizes added to `meta`.
   */
  private async page(
    kind: number,
    raw: Uint8Array,
    values: number,
    meta: ChunkMeta,
    encoding = PLAIN,
  ): Promise<void> {
    const compressed = this.compress(raw);
    const h = this.header;
    h.length = 0;
    const t = new Thrift(h);
    t.i32(1, kind).i32(2, raw.length).i32(3, compressed.length);
    if (kind === DATA_PAGE) t.begin(5).i32(1, values).i32(2, encoding).i32(3, RLE).i32(4, RLE).end();
    else t.begin(7).i32(1, values).i32(2, PLAIN).end();
    h.u8(0);
    const head = h.take();
    meta.uncompressed += head.length + raw.length;
    meta.compressed += head.length + compressed.length;
    await this.emit(head);
    await this.emit(compressed);
  }

  /** The footer: the file's metadata, its length and the magic. */
  async finish(): Promise<void> {
    const out = new Bytes();
    const t = new Thrift(out);
    t.i32(1, 1);
    t.list(2, T_STRUCT, this.columns.length + 1);
    t.element().string(4, "schema").i32(5, this.columns.length).end();
    for (const column of this.columns) {
      t.element().i32(1, TYPE[column.type]).i32(3, OPTIONAL).string(4, column.name);
      // Strings: the UTF8 converted type and the STRING logical type (an empty struct).
      if (column.type === "STRING") t.i32(6, UTF8).begin(10).begin(1).end().end();
      t.end();
    }
    t.i64(3, this.rows);
    t.list(4, T_STRUCT, this.groups.length);
    for (const group of this.groups) {
      t.element();
      t.list(1, T_STRUCT, group.columns.length);
      for (const [c, meta] of group.columns.entries()) {
        const first = meta.dictionaryOffset ?? meta.dataOffset;
        t.element().i64(2, first).begin(3);
        t.i32(1, meta.type).i32List(2, meta.encodings).stringList(3, [this.columns[c]!.name]);
        t.i32(4, SNAPPY).i64(5, meta.values).i64(6, meta.uncompressed).i64(7, meta.compressed);
        t.i64(9, meta.dataOffset);
        if (meta.dictionaryOffset !== null) t.i64(11, meta.dictionaryOffset);
        t.end().end();
      }
      t.i64(2, group.bytes).i64(3, group.rows);
      t.end();
    }
    t.string(6, "Costflow");
    out.u8(0);
    const footer = out.take();
    const tail = new Bytes();
    tail.int32(footer.length);
    tail.append(Uint8Array.from(MAGIC));
    await this.emit(footer);
    await this.emit(tail.take());
  }
}

/** The column's distinct values (a dictionary) and each value's index in it, or null when too many. */
function dictionaryOf(
  type: ColumnType,
  cells: StarValue[],
  n: number,
  present: number,
): { keys: StarValue[]; indexes: Int32Array; width: number } | null {
  if (present === 0) return null;
  const kind = type === "STRING" ? "string" : "number";
  const share = DICTIONARY_SHARE[kind];
  const limit = Math.min(DICTIONARY_LIMIT[kind], present / share);
  const sampleLimit = SAMPLE / share;
  const index = new Map<StarValue, number>();
  const keys: StarValue[] = [];
  const indexes = new Int32Array(present);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const v = cells[i]!;
    if (v === null || v === undefined) continue;
    let id = index.get(v);
    if (id === undefined) {
      if (keys.length >= limit || (k < SAMPLE && keys.length >= sampleLimit)) return null;
      id = keys.length;
      index.set(v, id);
      keys.push(v);
    }
    indexes[k++] = id;
  }
  return { keys, indexes, width: Math.max(1, bitWidth(keys.length - 1)) };
}

/** PLAIN values of a column (nulls skipped; `present` of them are not null). */
function writePlain(out: Bytes, column: StarColumn, cells: StarValue[], n: number, present: number): void {
  switch (column.type) {
    case "INT32":
    case "DOUBLE": {
      const int = column.type === "INT32";
      const size = int ? 4 : 8;
      out.reserve(present * size);
      const view = out.view;
      let at = out.length;
      for (let i = 0; i < n; i++) {
        const v = cells[i];
        if (v === null || v === undefined) continue;
        if (int) view.setInt32(at, Number(v), true);
        else view.setFloat64(at, Number(v), true);
        at += size;
      }
      out.length = at;
      return;
    }
    case "INT64": {
      out.reserve(present * 8);
      const view = out.view;
      let at = out.length;
      for (let i = 0; i < n; i++) {
        const v = cells[i];
        if (v === null || v === undefined) continue;
        if (typeof v === "number") {
          if (!Number.isSafeInteger(v)) throw new RangeError(`${column.name}: ${v} is not an INT64`);
          // Two's complement halves: the low 32 bits (ToUint32) and the rest.
          view.setUint32(at, v >>> 0, true);
          view.setInt32(at + 4, Math.floor(v / TWO_32), true);
        } else view.setBigInt64(at, BigInt(v as bigint | string), true);
        at += 8;
      }
      out.length = at;
      return;
    }
    case "BOOLEAN": {
      out.reserve((present + 7) >> 3);
      const start = out.length;
      out.bytes.fill(0, start, start + ((present + 7) >> 3));
      let k = 0;
      for (let i = 0; i < n; i++) {
        const v = cells[i];
        if (v === null || v === undefined) continue;
        if (v === true) out.bytes[start + (k >> 3)]! |= 1 << (k & 7);
        k++;
      }
      out.length = start + ((present + 7) >> 3);
      return;
    }
    case "STRING":
      writePlainStrings(out, cells, n);
  }
}

/** PLAIN BYTE_ARRAY values: each string's UTF-8 length (4 bytes) then its bytes. */
function writePlainStrings(out: Bytes, cells: StarValue[], n: number): void {
  for (let i = 0; i < n; i++) {
    const v = cells[i];
    if (v === null || v === undefined) continue;
    out.int32(0);
    const at = out.length;
    const len = out.utf8(String(v));
    out.view.setInt32(at - 4, len, true);
  }
}
