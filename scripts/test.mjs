#!/usr/bin/env node
// The README's test command: every unit and integration suite (Vitest), then the browser suite
// (Playwright + Debian's Chromium), then one plain closing line "N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
// TEST_RESULTS_DIR lets two runs work side by side (CI runs the PostgreSQL pass beside the browser suite).
const out = process.env.TEST_RESULTS_DIR
  ? join(root, process.env.TEST_RESULTS_DIR)
  : join(root, ".test-results");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const db = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
console.log(`costflow tests on ${db}`);

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

const only = process.argv[2]; // optional: "unit" or "e2e"; further arguments go to Vitest (e.g. --project api)
const vitestArgs = process.argv.slice(3);
let failedRuns = 0;
if (only !== "e2e") {
  const vitestJson = join(out, "vitest.json");
  failedRuns +=
    run("npx", [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile=${vitestJson}`,
      ...vitestArgs,
    ]) === 0
      ? 0
      : 1;
}
if (only !== "unit") {
  failedRuns +=
    run("npx", ["playwright", "test", "-c", "e2e/playwright.config.ts"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, "playwright.json"),
    }) === 0
      ? 0
      : 1;
}

let passed = 0;
let failed = 0;
let skipped = 0;
const vj = join(out, "vitest.json");
if (existsSync(vj)) {
  const r = JSON.parse(readFileSync(vj, "utf8"));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (r.numFailedTestSuites ?? 0);
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
const pj = join(out, "playwright.json");
if (existsSync(pj)) {
  const s = JSON.parse(readFileSync(pj, "utf8")).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
if (failedRuns > 0 && failed === 0) failed = failedRuns; // a runner that crashed before reporting
console.log(`\ntests (${db}): ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || failedRuns > 0 ? 1 : 0);
