import { describe, expect, it } from "vitest";
import { ERROR_CODES, FIELD_REASONS } from "../src/errors.ts";
import { LANGUAGES } from "../src/languages.ts";
import { SERVER_MESSAGES, serverMessage } from "../src/server-messages.ts";

type Tree = { [key: string]: string | Tree };
function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(["errors", "emails"] as const)("the %s namespace", (namespace) => {
  const english = leaves(SERVER_MESSAGES.en[namespace]);

  it.each(LANGUAGES.filter((l) => l !== "en"))("has the same keys and placeholders in %s", (language) => {
    const other = leaves(SERVER_MESSAGES[language][namespace]);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      expect(placeholders(other.get(key)!), `${language} ${key}`).toEqual(placeholders(text));
    }
  });

  it.each(LANGUAGES.filter((l) => l !== "en"))("is really translated into %s", (language) => {
    const other = leaves(SERVER_MESSAGES[language][namespace]);
    const copies = [...english].filter(([key, text]) => other.get(key) === text && /[a-z]{4}/.test(text));
    expect(copies.map(([key]) => key)).toEqual([]);
  });
});

describe("the error table", () => {
  it("has a message for every error code and every field reason in every language", () => {
    for (const language of LANGUAGES) {
      const errors = leaves(SERVER_MESSAGES[language].errors);
      for (const code of ERROR_CODES) expect(errors.has(code), `${language} ${code}`).toBe(true);
      for (const reason of FIELD_REASONS)
        expect(errors.has(`reasons.${reason}`), `${language} ${reason}`).toBe(true);
    }
  });
});

describe("serverMessage", () => {
  it("fills placeholders and speaks the asked language", () => {
    expect(serverMessage("en", "errors.reasons.too_short", { minimum: 8 })).toBe(
      "this value is too short (at least 8)",
    );
    expect(serverMessage("es", "errors.reasons.required")).toBe("este campo es obligatorio");
    expect(
      serverMessage("ar", "emails.notifications.request_declined.message", { company: "ACME" }),
    ).toContain("ACME");
  });
});
