import type { Language } from "./api-types";

export const LANGUAGES: Language[] = ["en", "ar", "es", "pt"];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language's own name, shown as-is in the switcher (not translated, so users find theirs). */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  en: "English",
  ar: "العربية",
  es: "Español",
  pt: "Português",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as string[]).includes(value);
}

export function directionOf(language: string): "rtl" | "ltr" {
  return language === "ar" ? "rtl" : "ltr";
}
