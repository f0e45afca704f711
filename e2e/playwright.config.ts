// Browser tests against the built app served by the API on port 3100 with a fresh database.
// Debian's Chromium only (/usr/bin/chromium): browsers are never downloaded.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type ReporterDescription } from "@playwright/test";
import { BASE_URL, PORT, SMTP_PORT } from "./e2e-env";

export const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium && process.env.CI) {
  throw new Error(`${CHROMIUM} is missing: the browser tests cannot run in CI without Debian's Chromium.`);
}

const root = fileURLToPath(new URL("..", import.meta.url));
const baseURL = BASE_URL;
// A fresh embedded database per run, or on PostgreSQL (DATABASE_URL) a fresh schema per run. The
// name goes into the environment so Playwright's worker processes, which load this file again,
// agree with the main process; global-setup drops the schemas of earlier runs.
const dataDir = process.env.PGLITE_DATA_DIR ?? mkdtempSync(join(tmpdir(), "costflow-e2e-"));
process.env.E2E_DATABASE_SCHEMA ??= `e2e_${Date.now().toString(36)}_${process.pid}`;

const reporter: ReporterDescription[] = [["list"]];
if (process.env.PLAYWRIGHT_JSON_OUTPUT_NAME)
  reporter.push(["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }]);

export default defineConfig({
  testDir: "./tests",
  // An SMTP sink for the e-mails of the API under test (validation and reset links).
  globalSetup: hasChromium ? "./global-setup.ts" : undefined,
  outputDir: "./test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Guards against a hang, not a speed check: CI runs this suite beside the Vitest passes on two
  // cores, where the longest tests (a rule edited in each of the six steps) took 58 s of 60.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter,
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    locale: "en-US",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-gpu",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1366, height: 900 } } }],
  webServer: hasChromium
    ? {
        command: "npm run build -w @costflow/web && npx tsx apps/api/src/main.ts",
        cwd: root,
        url: `${baseURL}/`,
        reuseExistingServer: false,
        timeout: 240_000,
        stdout: "ignore",
        stderr: "pipe",
        env: {
          PORT: String(PORT),
          APP_URL: baseURL,
          PGLITE_DATA_DIR: dataDir,
          COSTFLOW_RATE_LIMIT_MAX: "1000",
          SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
          ...(process.env.DATABASE_URL
            ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: process.env.E2E_DATABASE_SCHEMA }
            : {}),
        },
      }
    : undefined,
});
