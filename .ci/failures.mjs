#!/usr/bin/env node
// The failed tests of a CI run, printed last so that the end of the log (often all that is kept of
// it) names them: each Playwright or Vitest JSON report given, its failed tests with the first
// lines of their errors. Missing or unreadable reports are named and skipped; it never fails.
import { existsSync, readFileSync } from "node:fs";

const MAX_ERROR_LINES = 6;

const firstLines = (text) =>
  String(text ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, MAX_ERROR_LINES)
    .map((line) => `      ${line}`)
    .join("\n");

function playwrightFailures(report) {
  const out = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const results = test.results ?? [];
        const failed = results.filter((r) => r.status !== "passed" && r.status !== "skipped");
        if (failed.length === 0) continue;
        const final = results.at(-1)?.status;
        const title = [...path, spec.title].filter(Boolean).join(" › ");
        out.push({
          title: `${spec.file}:${spec.line} › ${title} (${failed.length} of ${results.length} attempts failed; last: ${final})`,
          // Each failed attempt's error: a retry often fails otherwise than the first attempt.
          errors: failed.map(
            (r, i) => `attempt ${i + 1}: ${r.error?.message ?? r.errors?.[0]?.message ?? r.status}`,
          ),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}

function vitestFailures(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = String(file.name ?? "").replace(`${process.cwd()}/`, "");
    if (file.status === "failed" && (file.assertionResults ?? []).every((a) => a.status !== "failed")) {
      out.push({ title: `${name} (the file failed)`, errors: [file.message] });
    }
    for (const a of file.assertionResults ?? []) {
      if (a.status === "failed")
        out.push({ title: `${name} › ${a.fullName}`, errors: a.failureMessages ?? [] });
    }
  }
  return out;
}

for (const path of process.argv.slice(2)) {
  if (!existsSync(path)) {
    console.log(`${path}: no report`);
    continue;
  }
  let failures;
  try {
    const report = JSON.parse(readFileSync(path, "utf8"));
    failures = "testResults" in report ? vitestFailures(report) : playwrightFailures(report);
  } catch (error) {
    console.log(`${path}: unreadable (${error.message})`);
    continue;
  }
  console.log(`${path}: ${failures.length} failed`);
  for (const f of failures) {
    console.log(`  ✘ ${f.title}`);
    for (const error of f.errors ?? []) if (error) console.log(firstLines(error));
  }
}
