import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@costflow/contract/languages";

/**
 * The language of server messages from an Accept-Language header: the supported language with
 * the highest q-value ("pt-BR,pt;q=0.9" → pt), English when none is supported.
 */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { base: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? DEFAULT_LANGUAGE;
}
