import type { Problems } from "./problems.ts";

// Ratios (percentage / 100) are stored as numeric(12,6). Sums of them are made in integer
// millionths ("micro") so that 33.3333 + 33.3333 + 33.3334 is exactly 100.

const MICRO = 1_000_000;
export const FULL_MICRO = MICRO;

/** Exact millionths of a numeric(…, 6) text such as "0.333333" or "1". */
export function microOf(text: string): number {
  const negative = text.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? text.slice(1) : text).split(".");
  const value = Number(whole) * MICRO + Number(`${fraction}000000`.slice(0, 6));
  return negative ? -value : value;
}

export const microToText = (micro: number): string => (micro / MICRO).toFixed(6);
export const microToRatio = (micro: number): number => micro / MICRO;
export const microToPercentage = (micro: number): number => micro / 10_000;

/**
 * A ratio from a request, rounded to six decimals; outside 0..1 (0 to 100 percent) it is refused
 * with 'Percentage must be between 0 and 100'.
 */
export function ratioMicro(ratio: number, problems: Problems, field = "ratio"): number {
  const micro = Math.round(ratio * MICRO);
  if (!(micro >= 0 && micro <= MICRO)) problems.add(field, "percentage_range");
  return micro;
}
