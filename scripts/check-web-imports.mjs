#!/usr/bin/env node
// The web app's folder rule, run by `npm run lint` after Biome (docs/ARCHITECTURE.md, "Web app"):
// a feature folder (apps/web/src/features/<feature>/) imports nothing of another feature folder,
// and lib/ and components/ import no feature at all. What two features share lives in
// apps/web/src/lib (fetchers in lib/api/, hooks, helpers) or apps/web/src/components.
// Biome's noRestrictedImports matches import strings, not the files they resolve to, so it cannot
// tell `../../data/x` in one feature from `../../../lib/x` in a deeper folder; this check resolves
// every relative import (static, re-export and dynamic) to its file and compares folders.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const src = join(root, "apps/web/src");
const features = join(src, "features");

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });

/** The feature a file belongs to, or null outside apps/web/src/features. */
const featureOf = (file) => {
  const rel = relative(features, file);
  return rel.startsWith("..") ? null : rel.split(sep)[0];
};

// Import and export declarations (from their first line on) and dynamic imports.
const IMPORTS = [
  /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm,
  /\bimport\s*\(\s*["']([^"']+)["']/g,
];

const problems = [];
for (const file of walk(src)) {
  const own = featureOf(file);
  const inShared = file.startsWith(join(src, "lib") + sep) || file.startsWith(join(src, "components") + sep);
  if (own === null && !inShared) continue;
  const text = readFileSync(file, "utf8");
  for (const pattern of IMPORTS) {
    for (const match of text.matchAll(pattern)) {
      const spec = match[1];
      if (!spec.startsWith(".")) continue;
      const target = featureOf(resolve(dirname(file), spec));
      if (target === null || target === own) continue;
      const start = match.index + match[0].length - match[0].trimStart().length;
      const line = text.slice(0, start).split("\n").length;
      const where = `${relative(root, file)}:${line}`;
      problems.push(
        own === null
          ? `${where}: imports the feature "${target}" (${spec}); lib/ and components/ import no feature`
          : `${where}: feature "${own}" imports feature "${target}" (${spec}); move what both need to lib/ or components/`,
      );
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} import(s) across web feature folders (scripts/check-web-imports.mjs)`);
  process.exit(1);
}
console.log("web feature folders: no import crosses them");
