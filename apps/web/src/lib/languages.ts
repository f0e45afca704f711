// The interface languages come from the contract (languages.ts): the list, the default, the check
// and which are written right to left. Only their own names, shown in the switcher, live here.
import { type Language, RTL_LANGUAGES } from "@costflow/contract/languages";

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from "@costflow/contract/languages";

/** Each language's own name, shown as-is in the switcher (not translated, so users find theirs). */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  en: "English",
  ar: "العربية",
  es: "Español",
  pt: "Português",
};

export function directionOf(language: string): "rtl" | "ltr" {
  return (RTL_LANGUAGES as readonly string[]).includes(language) ? "rtl" : "ltr";
}
