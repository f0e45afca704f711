// Numbers, money and dates through Intl, in the UI language (amounts with two decimals).
const LOCALES: Record<string, string> = { en: "en-US", ar: "ar", es: "es-ES", pt: "pt-PT" };

function localeFor(language: string): string {
  return LOCALES[language] ?? LOCALES.en!;
}

export function formatNumber(value: number | null | undefined, language: string, decimals = 2): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "";
  return new Intl.NumberFormat(localeFor(language), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

export function formatInteger(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "";
  return new Intl.NumberFormat(localeFor(language), { maximumFractionDigits: 0 }).format(value);
}

export function formatCurrency(
  value: number | null | undefined,
  language: string,
  currency = "EUR",
  decimals = 2,
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "";
  try {
    return new Intl.NumberFormat(localeFor(language), {
      style: "currency",
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(value);
  } catch {
    // A code Intl refuses (RangeError): the plain amount rather than a broken page.
    return formatNumber(value, language, decimals);
  }
}

let knownCurrencies: ReadonlySet<string> | null | undefined;

/** The ISO 4217 codes Intl knows (null where the browser cannot list them). */
function supportedCurrencies(): ReadonlySet<string> | null {
  if (knownCurrencies === undefined) {
    try {
      const list = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.(
        "currency",
      );
      knownCurrencies = list && list.length > 0 ? new Set(list) : null;
    } catch {
      knownCurrencies = null;
    }
  }
  return knownCurrencies;
}

/**
 * The ISO 4217 code of a currency, upper-cased, or null when it is not one: three letters (all
 * the API checks) and, where the browser can list them, a currency Intl knows ("BAD" would
 * otherwise print as a sign).
 */
function currencyCode(currency: string | null | undefined): string | null {
  const code = typeof currency === "string" ? currency.trim().toUpperCase() : "";
  if (!/^[A-Z]{3}$/.test(code)) return null;
  const known = supportedCurrencies();
  return !known || known.has(code) ? code : null;
}

/**
 * An amount with two decimals in the UI language, with the sign of `currency` when that is a valid
 * ISO code (the scenario's currency); a plain two-decimal number when the currency is missing or
 * not valid. Never throws (Intl's RangeError on a bad code falls back to the plain number); a
 * missing or non-numeric value is "".
 */
export function moneyText(
  value: number | string | null | undefined,
  language: string,
  currency?: string | null,
): string {
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) return "";
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return "";
  const code = currencyCode(currency);
  if (code) {
    try {
      return new Intl.NumberFormat(localeFor(language), {
        style: "currency",
        currency: code,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(n);
    } catch {
      // Not a currency this browser knows: the plain amount below.
    }
  }
  return formatNumber(n, language);
}

export function formatPercent(ratio: number | null | undefined, language: string, decimals = 2): string {
  if (ratio === null || ratio === undefined || Number.isNaN(ratio)) return "";
  return new Intl.NumberFormat(localeFor(language), {
    style: "percent",
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(ratio);
}

function toDate(value: string | number | Date): Date | null {
  // A bare ISO date (YYYY-MM-DD) is a calendar day: read it at noon UTC so no time zone shifts it.
  const d =
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T12:00:00Z`)
      : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: string | number | Date | null | undefined, language: string): string {
  if (value === null || value === undefined || value === "") return "";
  const d = toDate(value);
  if (!d) return "";
  const dayOnly = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Intl.DateTimeFormat(localeFor(language), {
    dateStyle: "medium",
    ...(dayOnly ? { timeZone: "UTC" } : {}),
  }).format(d);
}

export function formatDateTime(value: string | number | Date | null | undefined, language: string): string {
  if (value === null || value === undefined || value === "") return "";
  const d = toDate(value);
  if (!d) return "";
  return new Intl.DateTimeFormat(localeFor(language), { dateStyle: "medium", timeStyle: "short" }).format(d);
}

/** YYYY-MM-DD of a local calendar day, as the API expects for scenario periods. */
export function isoDay(d: Date): string {
  const m = String(d.getMonth() + 1).padStart(2, "0");
  const day = String(d.getDate()).padStart(2, "0");
  return `${d.getFullYear()}-${m}-${day}`;
}

/** The default scenario period: one month before today to today. */
export function defaultScenarioPeriod(today: Date = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth() - 1, today.getDate());
  // 31 March minus a month is "31 February": clamp to the last day of the previous month.
  if (from.getMonth() === today.getMonth()) from.setDate(0);
  return { from: isoDay(from), to: isoDay(today) };
}
