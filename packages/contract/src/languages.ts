// The interface and server-message languages. The order is the order shown in language pickers.
export const LANGUAGES = ["en", "ar", "es", "pt"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
/** Languages written right to left (the web app flips its layout for these). */
export const RTL_LANGUAGES: readonly Language[] = ["ar"];

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}
