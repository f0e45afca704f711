// Formatting CSV cells the way the reader reads them back: RFC 4180 quoting only when needed,
// numbers as plain decimals with "." (never exponent notation), NaN as the empty cell.

const NEEDS_QUOTES = /[",\r\n]/;

export function csvText(s: string | null): string {
  if (s === null) return "";
  return NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** Shortest decimal that reads back as the same double, without an exponent. NaN -> "". */
export function csvNumber(n: number | null): string {
  if (n === null || Number.isNaN(n)) return "";
  if (!Number.isFinite(n)) throw new RangeError(`Cannot write ${n} to a bundle`);
  const s = String(n);
  const e = s.indexOf("e");
  if (e < 0) return s;
  // 1.5e-7 -> 0.00000015, 1e+21 -> 1000000000000000000000: same digits, point moved.
  const negative = s.startsWith("-");
  const mantissa = s.slice(negative ? 1 : 0, e);
  const exponent = Number(s.slice(e + 1));
  const dot = mantissa.indexOf(".");
  const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  const point = (dot < 0 ? mantissa.length : dot) + exponent;
  let out: string;
  if (point <= 0) out = `0.${"0".repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + "0".repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${out}` : out;
}

export function csvBoolean(b: boolean): string {
  return b ? "true" : "false";
}
