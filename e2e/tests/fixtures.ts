import { existsSync, readFileSync } from "node:fs";
import { test as base, expect, type Page } from "@playwright/test";
import { MAIL_FILE } from "../e2e-env";
import { messageText, type SinkMessage } from "../smtp-sink";

const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
let told = false;

/** Every test skips, with one line saying why, when Debian's Chromium is not installed. */
// biome-ignore lint/suspicious/noConfusingVoidType: an auto fixture that provides no value is typed void in Playwright.
export const test = base.extend<{ chromiumGate: void }>({
  chromiumGate: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      if (!hasChromium && !told) {
        told = true;
        console.log(
          `Skipping the browser tests: ${CHROMIUM} is not installed (install Debian's chromium package).`,
        );
      }
      base.skip(!hasChromium, `${CHROMIUM} is not installed`);
      await use();
    },
    { auto: true },
  ],
});
export { expect };

export const ADMIN = { email: "admin@costflow.demo", password: "costflow-demo" };
export const CLIENT = { email: "client@costflow.demo", password: "costflow-demo" };

export async function login(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto("/login");
  // By name, not by label: the labels change with the language.
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByTestId("login-submit").click();
}

/**
 * The newest e-mail to `to`. The API under test sends through the SMTP sink of the global setup
 * (its outbox copy masks the links, and the demo admin only sees the demo company's mail), so
 * the sink's file is read, polled briefly: mail goes out from a job.
 */
function messagesTo(to: string): SinkMessage[] {
  const wanted = to.toLowerCase();
  const lines = existsSync(MAIL_FILE) ? readFileSync(MAIL_FILE, "utf8").split("\n").filter(Boolean) : [];
  return lines.map((l) => JSON.parse(l) as SinkMessage).filter((m) => m.to.includes(wanted));
}

export function countEmailsTo(to: string): number {
  return messagesTo(to).length;
}

/** Waits for an e-mail to `to` beyond the first `seen` ones and returns it. */
export async function latestEmailTo(to: string, seen = 0): Promise<{ subject: string; text: string }> {
  for (let i = 0; i < 60; i++) {
    const messages = messagesTo(to);
    const last = messages.length > seen ? messages.at(-1) : undefined;
    if (last) {
      const subject = /^subject:\s*(.*)$/im.exec(last.raw)?.[1] ?? "";
      return { subject, text: messageText(last.raw) };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no e-mail to ${to} reached the SMTP sink`);
}

/**
 * Picks a language in the header's menu. Right after a login the app applies the account's saved
 * settings and may re-render the header, closing a menu just opened: open and pick until it holds.
 */
export async function chooseLanguage(page: Page, language: string): Promise<void> {
  await expect(async () => {
    await page.getByTestId("language-switcher").first().click();
    await page.getByTestId(`language-${language}`).click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

/** The four language and theme pairs, Arabic dark last. */
export const ALL_SHOTS = [
  ["en", "light"],
  ["en", "dark"],
  ["ar", "light"],
  ["ar", "dark"],
] as const;

/**
 * The variants a screenshot test takes: all of them with E2E_SCREENSHOTS=all (when a person looks
 * at the pages), otherwise only the last of the list (by convention Arabic dark, the pair furthest
 * from the default), which still fails on a page that does not render right to left. Keeps CI short.
 */
export function shotVariants<T>(variants: readonly T[]): readonly T[] {
  return process.env.E2E_SCREENSHOTS === "all" ? variants : variants.slice(-1);
}
