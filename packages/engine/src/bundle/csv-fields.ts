// Reading typed values straight from a CSV field's bytes (see csv-scanner.ts), without building a
// string for numbers: a records file of five million rows must not allocate per cell.

import { type CsvScanner, ESCAPED } from "./csv-scanner.ts";

// Buffer#toString(encoding, start, end) goes through an encoding lookup and argument checks on
// every call; the per-encoding method it ends in is ~2x cheaper for short fields. Both exist on
// every Node Buffer; only the typings lack it.
const utf8Slice = (Buffer.prototype as unknown as { utf8Slice?: (start: number, end: number) => string })
  .utf8Slice;

/** The UTF-8 text of bytes [start, end) of a Buffer. */
export function utf8Text(buf: Buffer, start: number, end: number): string {
  return utf8Slice ? utf8Slice.call(buf, start, end) : buf.toString("utf8", start, end);
}

/** The text of field k (quotes removed, doubled quotes unescaped). */
export function fieldText(s: CsvScanner, k: number): string {
  const start = s.starts[k]!;
  const end = s.ends[k]!;
  const text = utf8Text(s.buf, start, end);
  return (s.flags[k]! & ESCAPED) !== 0 ? text.replaceAll('""', '"') : text;
}

// Exact powers of ten: a decimal with at most 15 significant digits and at most 22 decimals is
// mantissa / 10^k with both operands exact, so one correctly rounded division gives the same
// double as Number(text).
const POW10 = Float64Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * Parses a decimal (`-12.5`, `.5`, `3`, optional exponent) from bytes [start, end).
 * Returns NaN when the text is not a number (the caller has already handled the empty cell).
 */
export function parseDecimal(b: Uint8Array, start: number, end: number): number {
  let i = start;
  let negative = false;
  let c = b[i];
  if (c === 45 || c === 43) {
    negative = c === 45;
    i++;
  }
  let mantissa = 0;
  let digits = 0;
  let decimals = 0;
  let significant = 0;
  while (i < end) {
    c = b[i]! - 48;
    if (c < 0 || c > 9) break;
    mantissa = mantissa * 10 + c;
    if (mantissa > 0) significant++;
    digits++;
    i++;
  }
  if (i < end && b[i] === 46) {
    i++;
    while (i < end) {
      c = b[i]! - 48;
      if (c < 0 || c > 9) break;
      mantissa = mantissa * 10 + c;
      if (mantissa > 0) significant++;
      digits++;
      decimals++;
      i++;
    }
  }
  if (digits === 0) return Number.NaN;
  let exponent = 0;
  if (i < end && (b[i]! | 32) === 101) {
    i++;
    let expNegative = false;
    if (b[i] === 45 || b[i] === 43) {
      expNegative = b[i] === 45;
      i++;
    }
    const expStart = i;
    while (i < end && b[i]! >= 48 && b[i]! <= 57 && i - expStart < 6) {
      exponent = exponent * 10 + (b[i]! - 48);
      i++;
    }
    if (i === expStart) return Number.NaN;
    if (expNegative) exponent = -exponent;
  }
  if (i !== end) return Number.NaN;
  const scale = exponent - decimals;
  let value: number;
  if (significant <= 15 && scale >= -22 && scale <= 22) {
    value = scale >= 0 ? mantissa * POW10[scale]! : mantissa / POW10[-scale]!;
  } else {
    // Rare: long mantissa or big exponent; let the engine's correctly rounded parser do it.
    // The text (sign included) is already known to be a valid decimal.
    return Number(Buffer.from(b.buffer, b.byteOffset + start, end - start).toString("latin1"));
  }
  return negative ? -value : value;
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when bytes [start, end) are a real calendar date YYYY-MM-DD. */
export function isDateBytes(b: Uint8Array, start: number, end: number): boolean {
  if (end - start !== 10 || b[start + 4] !== 45 || b[start + 7] !== 45) return false;
  const d = (k: number) => b[start + k]! - 48;
  for (const k of [0, 1, 2, 3, 5, 6, 8, 9]) {
    const v = d(k);
    if (v < 0 || v > 9) return false;
  }
  const year = d(0) * 1000 + d(1) * 100 + d(2) * 10 + d(3);
  const month = d(5) * 10 + d(6);
  const day = d(8) * 10 + d(9);
  if (month < 1 || month > 12 || day < 1 || day > DAYS[month - 1]!) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return !(month === 2 && day === 29 && !leap);
}

/** isDateBytes for a string. */
export function isDate(text: string): boolean {
  return isDateBytes(Buffer.from(text, "latin1"), 0, text.length) && /^[\d-]+$/.test(text);
}
