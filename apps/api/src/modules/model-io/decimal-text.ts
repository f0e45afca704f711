import { csvNumber } from "@costflow/engine/bundle/csv-format";

// Percentages are stored as ratios (percentage / 100, numeric(12,6)). Moving the decimal point in
// the text instead of multiplying doubles keeps 7 as 7 (0.07 * 100 is 7.000000000000001).

/** Moves the decimal point of a plain decimal text `places` to the right (negative: to the left). */
function shiftDecimal(text: string, places: number): string {
  const negative = text.startsWith("-");
  const body = negative || text.startsWith("+") ? text.slice(1) : text;
  if (!/^\d*\.?\d*$/.test(body) || body === "" || body === ".") throw new Error(`Not a decimal: ${text}`);
  const dot = body.indexOf(".");
  const digits = dot < 0 ? body : body.slice(0, dot) + body.slice(dot + 1);
  let point = (dot < 0 ? body.length : dot) + places;
  let padded = digits;
  if (point < 0) {
    padded = "0".repeat(-point) + padded;
    point = 0;
  }
  if (point > padded.length) padded += "0".repeat(point - padded.length);
  const whole = padded.slice(0, point).replace(/^0+(?=\d)/, "") || "0";
  const fraction = padded.slice(point).replace(/0+$/, "");
  const out = fraction === "" ? whole : `${whole}.${fraction}`;
  return negative && /[1-9]/.test(out) ? `-${out}` : out;
}

/** A ratio as stored (e.g. "0.333333") to the percentage it stands for (33.3333). */
export function ratioToPercentage(ratio: string): number {
  return Number(shiftDecimal(ratio, 2));
}

/** A percentage (0..100) to the ratio text stored (six decimals; the database rounds further digits). */
export function percentageToRatio(percentage: number): string {
  return shiftDecimal(csvNumber(percentage), -2);
}

/** A number as exact decimal text for a numeric column (no exponent). */
export function decimalText(n: number): string {
  return csvNumber(n);
}
