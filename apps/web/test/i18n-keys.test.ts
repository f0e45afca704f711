// Every UI string lives in packages/contract/src/i18n/<lang>/<namespace>.json. This test fails when
// a language misses a key another has, when a placeholder differs between languages, and when the
// code uses a key ("ns:path.to.key") absent from English.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../../../", import.meta.url).pathname;
const i18nDir = join(root, "packages/contract/src/i18n");
const srcDir = join(root, "apps/web/src");
const LANGS = ["en", "ar", "es", "pt"];
// Every namespace file in the English folder is checked: a new namespace is covered the day it
// appears, without a list to keep up to date.
const ALL_NAMESPACES = readdirSync(join(i18nDir, "en"))
  .filter((name) => name.endsWith(".json"))
  .map((name) => name.slice(0, -".json".length))
  .sort();
const API_NAMESPACES = new Set(["errors", "emails"]);

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

function load(lang: string, ns: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(i18nDir, lang, `${ns}.json`), "utf8")) as Tree);
}

const webNamespaces = ALL_NAMESPACES;

function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!).sort();
}

// i18next plural forms: a key "x_one" in English may be "x_zero/x_two/x_few/x_many" in Arabic.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, "");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("translation files", () => {
  it("has the web namespaces in every language", () => {
    expect(webNamespaces.length).toBeGreaterThanOrEqual(5);
    for (const lang of LANGS) {
      for (const ns of webNamespaces) {
        expect(() => load(lang, ns), `${lang}/${ns}.json`).not.toThrow();
      }
    }
  });

  for (const ns of webNamespaces) {
    it(`${ns}: same keys, non-empty values and same placeholders in en, ar, es, pt`, () => {
      const en = load("en", ns);
      const enBases = new Set([...en.keys()].map(base));
      for (const lang of LANGS.filter((l) => l !== "en")) {
        const other = load(lang, ns);
        const otherBases = new Set([...other.keys()].map(base));
        const missing = [...enBases].filter((k) => !otherBases.has(k));
        const extra = [...otherBases].filter((k) => !enBases.has(k));
        expect(missing, `${lang}/${ns}.json misses keys`).toEqual([]);
        expect(extra, `${lang}/${ns}.json has keys English lacks`).toEqual([]);
        for (const [key, value] of other) {
          expect(value.trim(), `${lang}/${ns}.json ${key} is empty`).not.toBe("");
          const enValue = en.get(key) ?? en.get(`${base(key)}_other`) ?? en.get(base(key));
          if (enValue !== undefined && !PLURAL.test(key)) {
            expect(placeholders(value), `${lang}/${ns}.json ${key} placeholders`).toEqual(
              placeholders(enValue),
            );
          }
        }
      }
    });
  }

  it("Arabic is written in Arabic, not copied from English", () => {
    for (const ns of webNamespaces) {
      const en = load("en", ns);
      const ar = load("ar", ns);
      const copied = [...ar].filter(
        ([k, v]) => v === en.get(k) && /[a-z]{4,}/i.test(v.replace(/\{\{[^}]+\}\}/g, "")),
      );
      // A few values are names or codes (Costflow, SAP, Odoo, TDABC) and stay as they are.
      const allowed = Math.max(3, Math.floor(ar.size * 0.05));
      expect(copied.length, `${ns}: ${copied.map(([k]) => k).join(", ")}`).toBeLessThanOrEqual(allowed);
    }
  });
});

describe("keys used by the code", () => {
  const files = walk(srcDir);
  const used = new Map<string, string>();
  const namespaces = [...webNamespaces, ...API_NAMESPACES].join("|");
  const literal = new RegExp(`["'\`]((?:${namespaces}):[A-Za-z0-9_.-]+)["'\`]`, "g");
  const tCall = /\bt\(\s*["'`]([^"'`$]+)["'`]/g;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(literal)) used.set(m[1]!, relative(root, file));
    for (const m of text.matchAll(tCall)) used.set(m[1]!, relative(root, file));
  }

  it("finds translation keys in the sources", () => {
    expect(used.size).toBeGreaterThan(100);
  });

  it("every key the code uses exists in English", () => {
    const missing: string[] = [];
    for (const [key, file] of used) {
      const [ns, path] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["common", key];
      let entries: Map<string, string>;
      try {
        entries = load("en", ns);
      } catch {
        missing.push(`${key} (no namespace ${ns}) in ${file}`);
        continue;
      }
      const found = entries.has(path) || [...entries.keys()].some((k) => base(k) === path);
      // A key may point at a subtree used with returnObjects; none does today, so require a leaf.
      if (!found) missing.push(`${key} in ${file}`);
    }
    expect(missing).toEqual([]);
  });
});
