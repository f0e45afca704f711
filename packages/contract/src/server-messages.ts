import arEmails from "./i18n/ar/emails.json" with { type: "json" };
import arErrors from "./i18n/ar/errors.json" with { type: "json" };
import enEmails from "./i18n/en/emails.json" with { type: "json" };
import enErrors from "./i18n/en/errors.json" with { type: "json" };
import esEmails from "./i18n/es/emails.json" with { type: "json" };
import esErrors from "./i18n/es/errors.json" with { type: "json" };
import ptEmails from "./i18n/pt/emails.json" with { type: "json" };
import ptErrors from "./i18n/pt/errors.json" with { type: "json" };
import { DEFAULT_LANGUAGE, type Language } from "./languages.ts";

// The two namespaces the server speaks: `errors` (error codes and field reasons) and `emails`
// (e-mail and notification texts). Keys are identical in every language (test/i18n.test.ts).
type Tree = { [key: string]: string | Tree };
type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MessageKey = `errors.${Leaves<typeof enErrors>}` | `emails.${Leaves<typeof enEmails>}`;

export const SERVER_MESSAGES: Record<Language, { errors: Tree; emails: Tree }> = {
  en: { errors: enErrors, emails: enEmails },
  ar: { errors: arErrors, emails: arEmails },
  es: { errors: esErrors, emails: esEmails },
  pt: { errors: ptErrors, emails: ptEmails },
};

function lookup(tree: Tree, path: string[]): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * The text of `key` in `language` (falling back to English), with `{{name}}` placeholders
 * replaced from `values` (i18next's syntax, so the web app reads the same files).
 */
export function serverMessage(
  language: Language,
  key: MessageKey,
  values: Record<string, string | number> = {},
): string {
  const [namespace, ...path] = key.split(".") as ["errors" | "emails", ...string[]];
  const text =
    lookup(SERVER_MESSAGES[language][namespace], path) ??
    lookup(SERVER_MESSAGES[DEFAULT_LANGUAGE][namespace], path) ??
    key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
