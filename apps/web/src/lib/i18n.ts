// i18next over the translation files in packages/contract/src/i18n/<lang>/<namespace>.json.
// English is bundled; the other languages load on demand. Keys are always written with their
// namespace ("app:dashboard.title") so the key test can check every one of them.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "./api-types";
import { DEFAULT_LANGUAGE, directionOf, isLanguage } from "./languages";
import { readItem, STORAGE_KEYS, writeItem } from "./storage";

const NAMESPACES = [
  "common",
  "public",
  "auth",
  "app",
  "model",
  "report",
  "legal",
  "errors",
  "data",
  "allocation",
] as const;

type Bundle = Record<string, unknown>;

const english = import.meta.glob<Bundle>("../../../../packages/contract/src/i18n/en/*.json", {
  eager: true,
  import: "default",
});
const others = import.meta.glob<Bundle>(
  ["../../../../packages/contract/src/i18n/*/*.json", "!../../../../packages/contract/src/i18n/en/*.json"],
  { import: "default" },
);

function parts(path: string): { lang: string; ns: string } {
  const m = /i18n\/([a-z]{2})\/([\w-]+)\.json$/.exec(path);
  return { lang: m?.[1] ?? "", ns: m?.[2] ?? "" };
}

const loaded = new Set<string>(["en"]);

async function loadLanguage(lang: Language): Promise<void> {
  if (loaded.has(lang)) return;
  const entries = Object.entries(others).filter(([path]) => parts(path).lang === lang);
  await Promise.all(
    entries.map(async ([path, load]) => {
      const { ns } = parts(path);
      i18next.addResourceBundle(lang, ns, await load(), true, true);
    }),
  );
  loaded.add(lang);
}

function storedLanguage(): Language {
  const stored = readItem(STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  const nav = typeof navigator === "undefined" ? "" : navigator.language.slice(0, 2);
  return isLanguage(nav) ? nav : DEFAULT_LANGUAGE;
}

function applyDocumentLanguage(lang: Language): void {
  if (typeof document === "undefined") return;
  document.documentElement.setAttribute("lang", lang);
  document.documentElement.setAttribute("dir", directionOf(lang));
}

export async function initI18n(): Promise<typeof i18next> {
  const resources: Record<string, Record<string, Bundle>> = { en: {} };
  for (const [path, bundle] of Object.entries(english)) resources.en![parts(path).ns] = bundle;
  const lang = storedLanguage();
  await i18next.use(initReactI18next).init({
    resources,
    lng: "en",
    fallbackLng: "en",
    ns: [...NAMESPACES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
    partialBundledLanguages: true,
  });
  if (lang !== "en") await setLanguage(lang);
  else applyDocumentLanguage("en");
  return i18next;
}

/** Loads the language if needed, switches i18next, persists it and flips `dir` on <html>. */
export async function setLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  await i18next.changeLanguage(lang);
  writeItem(STORAGE_KEYS.language, lang);
  applyDocumentLanguage(lang);
}

export function currentLanguage(): Language {
  const l = i18next.language;
  return isLanguage(l) ? l : DEFAULT_LANGUAGE;
}

export { i18next };
