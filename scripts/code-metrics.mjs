#!/usr/bin/env node
// The code-shape counts of docs/ARCHITECTURE.md's conventions, read from the TypeScript syntax
// tree of apps/{api,web}/src and packages/{db,engine,contract}/src:
// - functions (declarations, methods, arrows, function expressions) over N lines (default 80),
//   and those of them that are not repository factories (objects of methods);
// - functions taking a transaction (a parameter typed Executor) anywhere but last.
// `node scripts/code-metrics.mjs [lines] [--list]`; measures, never fails.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";

const ts = createRequire(import.meta.url)("typescript");
const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const limit = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 80);
const list = process.argv.includes("--list");
const dirs = [
  "apps/api/src",
  "apps/web/src",
  "packages/db/src",
  "packages/engine/src",
  "packages/contract/src",
];

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : files(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [path] : [];
  });
}

const long = [];
let withTx = 0;
const txNotLast = [];
for (const file of dirs.flatMap((d) => files(join(root, d)))) {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, kind);
  const at = (node) =>
    `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - first + 1;
      const name = node.name?.getText() ?? node.parent?.name?.getText() ?? "<anonymous>";
      if (lines > limit) long.push({ lines, at: at(node), name });
      const tx = node.parameters.findIndex((p) => p.type?.getText() === "Executor");
      if (tx >= 0) {
        withTx++;
        if (tx !== node.parameters.length - 1) txNotLast.push(`${at(node)} ${name}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const factories = long.filter((f) => /Repository$|^runLifecycle$|Reads$/.test(f.name));
console.log(
  `functions over ${limit} lines: ${long.length} (${long.length - factories.length} without repository factories)`,
);
for (const dir of dirs) console.log(`  ${dir}: ${long.filter((f) => f.at.startsWith(dir)).length}`);
console.log(`functions taking a transaction: ${withTx}, not as the last argument: ${txNotLast.length}`);
if (list) {
  for (const f of long.sort((a, b) => b.lines - a.lines)) console.log(`${f.lines}\t${f.at}\t${f.name}`);
  for (const f of txNotLast) console.log(`transaction not last: ${f}`);
}
