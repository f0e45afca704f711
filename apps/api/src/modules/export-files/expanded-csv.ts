// The BI template's two longest CSV tables, expanded from short rows in the export thread
// (docs/exports.md, "BI template"), byte for byte what the database's own CSV of them was:
// - fact_pnl_line: PostgreSQL sends one row per record (its id and its values array) and each
//   becomes one CSV row per line. At size L the database's cross join made 67 million rows
//   (66 s, the largest table of the export).
// - dim_record_driver: PostgreSQL sends each record's id and fields (jsonb text), and each field
//   becomes a row. jsonb_each over 35 million fields took the database 60 s at L.
// The database's other connection meanwhile works on the next table.

import { StringDecoder } from "node:string_decoder";
import { decodeCopyField } from "@costflow/db/repositories/model-data/copy-text";

/** Bytes of COPY text and CSV. */
export const TAB = 9;
export const NEWLINE = 10;
export const COMMA = 44;
export const MINUS = 45;
export const DOT = 46;
export const ZERO = 48;
const BACKSLASH = 92;
export const OPEN = 123;
export const CLOSE = 125;
const OUT_BYTES = 1 << 20;

const NEEDS_QUOTES = /[",\n\r]/;
/**
 * A text field as PostgreSQL's CSV COPY writes it (several columns): quoted when it holds a comma, a
 * quote or a line break, or is empty (an unquoted empty field is NULL).
 */
export function csvCell(text: string): string {
  return text === "" || NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface PnlCsvLine {
  /** The line's place in the run's values array, from 0. */
  index: number;
  /** dim_pnl_line.line_key, or null. */
  key: number | null;
  /** The line code as the cell is written (neutralised by the caller). */
  code: string;
}

/**
 * CSV rows `record_key,dimension_key,line_key,line_code,value` from COPY text rows `id \t {values}`
 * (id `\N` when the record is gone: an empty cell). A value is minor units written in major units
 * with exactly `digits` decimals, as `numeric` prints it; a missing or NULL element is zero.
 */
export async function* pnlLinesCsv(
  copy: AsyncIterable<Uint8Array>,
  dimensionId: number,
  lines: readonly PnlCsvLine[],
  digits: number,
): AsyncGenerator<Uint8Array> {
  const middles = lines.map((l) =>
    Buffer.from(`,${dimensionId},${l.key === null ? "" : l.key},${csvCell(l.code)},`, "utf8"),
  );
  const zero = Buffer.from(digits > 0 ? `0.${"0".repeat(digits)}` : "0", "latin1");
  const width = lines.reduce((m, l) => Math.max(m, l.index + 1), 0);
  const starts = new Int32Array(width);
  const ends = new Int32Array(width);
  const longestMiddle = middles.reduce((m, b) => Math.max(m, b.length), 0);
  let out = Buffer.allocUnsafe(OUT_BYTES);
  let at = 0;
  let carry: Uint8Array = new Uint8Array(0);

  /** The CSV of `text`'s rows (whole rows, each ending with a newline) into `out`. */
  const rows = function* (text: Uint8Array): Generator<Uint8Array> {
    let i = 0;
    const n = text.length;
    while (i < n) {
      const tab = text.indexOf(TAB, i);
      const end = text.indexOf(NEWLINE, i);
      if (end < 0) break;
      if (tab < 0 || tab > end) throw new Error("fact_pnl_line: a COPY row without its values");
      const idStart = i;
      const idEnd = text[i] === BACKSLASH ? i : tab; // \N: the record is gone, an empty cell
      // The values array: {a,b,...} (bigint elements or NULL).
      let count = 0;
      let j = tab + 1;
      if (text[j] !== OPEN) throw new Error("fact_pnl_line: a COPY row without its values");
      j++;
      if (text[j] !== CLOSE) {
        for (;;) {
          const s = j;
          while (text[j] !== COMMA && text[j] !== CLOSE) j++;
          if (count < width) {
            starts[count] = s;
            ends[count] = j;
          }
          count++;
          if (text[j] === CLOSE) break;
          j++;
        }
      }
      const idLength = idEnd - idStart;
      for (let l = 0; l < lines.length; l++) {
        if (at + idLength + longestMiddle + 24 + digits > out.length) {
          yield out.subarray(0, at);
          out = Buffer.allocUnsafe(OUT_BYTES);
          at = 0;
        }
        for (let k = idStart; k < idEnd; k++) out[at++] = text[k]!;
        const middle = middles[l]!;
        for (let b = 0; b < middle.length; b++) out[at++] = middle[b]!;
        const e = lines[l]!.index;
        if (e >= count || text[starts[e]!] === 78 /* NULL */) {
          for (let b = 0; b < zero.length; b++) out[at++] = zero[b]!;
        } else at = writeMajor(out, at, text, starts[e]!, ends[e]!, digits);
        out[at++] = NEWLINE;
      }
      i = end + 1;
    }
  };

  for await (const chunk of copy) {
    const text = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const last = text.lastIndexOf(NEWLINE);
    if (last < 0) {
      carry = Uint8Array.from(text);
      continue;
    }
    yield* rows(text.subarray(0, last + 1));
    carry = Uint8Array.from(text.subarray(last + 1));
    if (at > 0) {
      yield out.subarray(0, at);
      out = Buffer.allocUnsafe(OUT_BYTES);
      at = 0;
    }
  }
  if (carry.length) throw new Error("COPY output ended inside a row");
  if (at > 0) yield out.subarray(0, at);
}

/** The integer text[from, to) (an optional minus, then digits) with a point `digits` from its end. */
function writeMajor(
  out: Buffer,
  at: number,
  text: Uint8Array,
  from: number,
  to: number,
  digits: number,
): number {
  let s = from;
  if (text[s] === MINUS) out[at++] = text[s++]!;
  const length = to - s;
  if (digits === 0) {
    for (let k = s; k < to; k++) out[at++] = text[k]!;
    return at;
  }
  if (length > digits) {
    const point = to - digits;
    for (let k = s; k < point; k++) out[at++] = text[k]!;
    out[at++] = DOT;
    for (let k = point; k < to; k++) out[at++] = text[k]!;
    return at;
  }
  out[at++] = ZERO;
  out[at++] = DOT;
  for (let k = length; k < digits; k++) out[at++] = ZERO;
  for (let k = s; k < to; k++) out[at++] = text[k]!;
  return at;
}

const PLAIN_DECIMAL = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d{1,2})?\s*$/;
/**
 * A driver value's number: a JSON number as it is; a string holding a decimal written plainly (up
 * to 200 characters, an exponent of at most two digits, so that it always fits a double); else
 * null. The CSV and the Parquet file apply the same rule.
 */
export function numberOfDriverValue(value: unknown): number | null {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return null;
  return value.length <= 200 && PLAIN_DECIMAL.test(value) ? Number(value) : null;
}

const QUOTE = 34;
const SPACE = 32;
const COLON = 58;
const OPEN_LIST = 91;
const CLOSE_LIST = 93;
/** The end (exclusive) of the JSON string starting at `at` (a quote). */
function stringEnd(json: string, at: number): number {
  let i = at + 1;
  for (;;) {
    const c = json.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    i += c === BACKSLASH ? 2 : 1;
  }
}
/** The index of the first character at or after `i` that is not a space, comma or colon. */
function skipSeparators(json: string, i: number): number {
  for (let c = json.charCodeAt(i); c === SPACE || c === COMMA || c === COLON; c = json.charCodeAt(++i));
  return i;
}
/** A JSON string token's value. */
const stringOf = (token: string) =>
  token.includes("\\") ? (JSON.parse(token) as string) : token.slice(1, -1);

export const FIELD_STRING = 0;
export const FIELD_NUMBER = 1;
export const FIELD_BOOLEAN = 2;
export const FIELD_JSON = 3;

/** The fields of one record, reused from record to record (`count` of them valid). */
export class Fields {
  names: string[] = [];
  texts: string[] = [];
  numbers: (number | null)[] = [];
  /** What each value was in the JSON: FIELD_STRING, FIELD_NUMBER, FIELD_BOOLEAN or FIELD_JSON. */
  kinds: number[] = [];
  count = 0;

  private push(name: string, text: string, number: number | null, kind: number): void {
    this.names[this.count] = name;
    this.texts[this.count] = text;
    this.kinds[this.count] = kind;
    this.numbers[this.count++] = number;
  }

  /**
   * Each field of a record's fields (jsonb's text: `{"name": value, ...}`) that is not JSON null:
   * its name, its value as text (what `value #>> '{}'` gives: a string's characters, a number as
   * stored, true or false, an object or array as its JSON) and its number (numberOfDriverValue).
   */
  read(json: string): this {
    this.count = 0;
    const n = json.length;
    for (let i = skipSeparators(json, json.indexOf("{") + 1); i < n && json.charCodeAt(i) !== CLOSE; ) {
      const keyEnd = stringEnd(json, i);
      const name = stringOf(json.slice(i, keyEnd));
      i = skipSeparators(json, keyEnd);
      const first = json.charCodeAt(i);
      if (first === QUOTE) {
        const end = stringEnd(json, i);
        const text = stringOf(json.slice(i, end));
        this.push(name, text, numberOfDriverValue(text), FIELD_STRING);
        i = end;
      } else if (first === OPEN || first === OPEN_LIST) {
        const start = i;
        let depth = 0;
        do {
          const c = json.charCodeAt(i);
          if (c === QUOTE) i = stringEnd(json, i);
          else {
            if (c === OPEN || c === OPEN_LIST) depth++;
            else if (c === CLOSE || c === CLOSE_LIST) depth--;
            i++;
          }
        } while (depth > 0);
        this.push(name, json.slice(start, i), null, FIELD_JSON);
      } else {
        const start = i;
        for (let c = first; i < n && c !== COMMA && c !== CLOSE; c = json.charCodeAt(++i));
        const text = json.slice(start, i);
        if (text === "true" || text === "false") this.push(name, text, null, FIELD_BOOLEAN);
        else if (text !== "null") this.push(name, text, Number(text), FIELD_NUMBER);
      }
      i = skipSeparators(json, i);
    }
    return this;
  }
}

/**
 * A double as PostgreSQL's float8 output writes it: the shortest digits that read back the same,
 * plainly for a decimal exponent from -4 to 14, else as `d.ddde+XX` (two exponent digits at least).
 */
export function pgFloat8(x: number): string {
  const size = Math.abs(x);
  // JavaScript writes the same digits, plainly from 1e-7 to 1e21.
  if (size >= 1e-4 && size < 1e15) return String(x);
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  if (!Number.isFinite(x)) return Number.isNaN(x) ? "NaN" : x > 0 ? "Infinity" : "-Infinity";
  const [mantissa, power] = x.toExponential().split("e") as [string, string];
  const exponent = Number(power);
  const sign = exponent < 0 ? "-" : "+";
  return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, "0")}`;
}

/**
 * dim_record_driver's CSV (`record_key,driver_name,value,value_number`) from COPY text rows
 * `id \t fields` (jsonb): a row per field that is not JSON null, the name and text neutralised for
 * spreadsheets by `neutralise`, the number as float8 prints it.
 */
export async function* recordDriversCsv(
  copy: AsyncIterable<Uint8Array>,
  neutralise: (text: string) => string,
): AsyncGenerator<Uint8Array> {
  const decoder = new StringDecoder("utf8");
  const fields = new Fields();
  let carry = "";
  let out = Buffer.allocUnsafe(OUT_BYTES);
  let at = 0;
  const pieces: Buffer[] = [];
  /** The cell of a driver name, with the commas around it (a model has a few dozen names). */
  const cells = new Map<string, Buffer>();
  const nameCell = (name: string) => {
    let cell = cells.get(name);
    if (cell === undefined) {
      cell = Buffer.from(`,${csvCell(neutralise(name))},`, "utf8");
      if (cells.size < 10_000) cells.set(name, cell);
    }
    return cell;
  };
  const rows = (text: string) => {
    // The output buffer and offset as locals while the rows of this piece are written.
    let buffer = out;
    let offset = at;
    let i = 0;
    for (let end = text.indexOf("\n"); end >= 0; i = end + 1, end = text.indexOf("\n", i)) {
      const tab = text.indexOf("\t", i);
      const field = text.slice(tab + 1, end);
      if (field === "\\N" || field === "{}") continue;
      const { count, names, texts, numbers, kinds } = fields.read(decodeCopyField(field)!);
      for (let f = 0; f < count; f++) {
        const cell = nameCell(names[f]!);
        const kind = kinds[f]!;
        const number = numbers[f] ?? null;
        // A number or true/false is written as it is (never a formula, never quoted).
        const value =
          kind === FIELD_NUMBER || kind === FIELD_BOOLEAN ? texts[f]! : csvCell(neutralise(texts[f]!));
        const numberText = number === null ? "" : pgFloat8(number);
        // The id (digits), the name's cell, the value (3 bytes a character at most), the number.
        const need = tab - i + cell.length + 3 * value.length + numberText.length + 2;
        if (offset + need > buffer.length) {
          pieces.push(buffer.subarray(0, offset));
          buffer = Buffer.allocUnsafe(Math.max(OUT_BYTES, need));
          offset = 0;
        }
        for (let k = i; k < tab; k++) buffer[offset++] = text.charCodeAt(k);
        for (let b = 0; b < cell.length; b++) buffer[offset++] = cell[b]!;
        const from = offset;
        for (let k = 0; k < value.length; k++) {
          const c = value.charCodeAt(k);
          if (c >= 128) {
            offset = from + buffer.write(value, from, "utf8");
            break;
          }
          buffer[offset++] = c;
        }
        buffer[offset++] = COMMA;
        for (let k = 0; k < numberText.length; k++) buffer[offset++] = numberText.charCodeAt(k);
        buffer[offset++] = NEWLINE;
      }
    }
    out = buffer;
    at = offset;
    return text.slice(i);
  };
  for await (const chunk of copy) {
    carry = rows(carry + decoder.write(chunk as Buffer));
    if (pieces.length) yield* pieces.splice(0);
  }
  carry = rows(carry + decoder.end());
  if (carry !== "") throw new Error("COPY output ended inside a row");
  yield* pieces.splice(0);
  if (at > 0) yield out.subarray(0, at);
}
