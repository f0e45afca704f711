// Allocation percentages: default 100, between 0 and 100, sent as a ratio with six decimals
// (percentage / 100).
import { DEFAULT_ALLOCATION_PERCENTAGE } from "../../../lib/constants";
import { formatNumber, formatPercent } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";

export function isValidPercentage(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= 100;
}

export function percentageToRatio(percentage: number = DEFAULT_ALLOCATION_PERCENTAGE): string {
  return (percentage / 100).toFixed(6);
}

/** A plain number with two decimals in the UI language (minutes per unit), empty when missing. */
export function formatPlainNumber(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  const n = Number(value);
  return Number.isFinite(n) ? formatNumber(n, currentLanguage()) : "";
}

/** A rule's percentage for display; `isRatio` when the API gives the 0..1 ratio instead. */
export function formatPercentValue(value: unknown, isRatio = false): string {
  const n = Number(value);
  if (value === null || value === undefined || value === "" || !Number.isFinite(n)) return "";
  return formatPercent(isRatio ? n : n / 100, currentLanguage());
}
