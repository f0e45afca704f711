// Minor-unit digits per ISO 4217 currency. A table rather than Intl: Intl's data differs between
// Node builds (ICU versions) and some builds carry no currency data at all.

const ZERO_DIGITS = [
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "ISK",
  "JPY",
  "KMF",
  "KRW",
  "PYG",
  "RWF",
  "UGX",
  "UYI",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
];
const THREE_DIGITS = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"];
const FOUR_DIGITS = ["CLF", "UYW"];

const DIGITS = new Map<string, number>([
  ...ZERO_DIGITS.map((c) => [c, 0] as const),
  ...THREE_DIGITS.map((c) => [c, 3] as const),
  ...FOUR_DIGITS.map((c) => [c, 4] as const),
]);

/** Number of decimals of the currency's minor unit; 2 for any code not in the table. */
export function minorDigits(currency: string): number {
  return DIGITS.get(currency.trim().toUpperCase()) ?? 2;
}

/** True when the code is one the table knows to differ from 2 or is a plausible ISO code. */
export function isKnownCurrencyShape(currency: string): boolean {
  return /^[A-Z]{3}$/.test(currency.trim().toUpperCase());
}
