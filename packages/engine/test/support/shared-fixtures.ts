// Test helper: where the bundles tests read are: the customer's acceptance bundles, the engine's
// fixture bundles and the shipped templates. The acceptance bundles live outside the repository, in
// `shared/acceptance/` beside it (or beside the folder of its work trees); COSTFLOW_SHARED_DIR
// names the `shared` folder elsewhere. Every test and script reaches them through this file:
// from the engine's tests by a relative import, from other workspaces as
// `@costflow/engine/test-support/shared-fixtures` (the engine's package.json "exports").

import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root: the nearest folder above this file whose package.json has "workspaces". */
export const REPO_ROOT = findRepoRoot(dirname(fileURLToPath(import.meta.url)));

/** The names of the acceptance bundles. */
export const ACCEPTANCE_BUNDLES = ["reciprocal-support-departments", "tdabc-customer-service"] as const;
export type AcceptanceBundle = (typeof ACCEPTANCE_BUNDLES)[number];

/** The customer's `shared` folder (spec, guide, acceptance). */
const SHARED_DIR = findSharedDir();

/** The folder holding one folder per acceptance bundle. */
const ACCEPTANCE_DIR = join(SHARED_DIR, "acceptance");

/** The folder of one acceptance bundle; throws, naming where it looked, when it is missing. */
export function acceptanceBundle(name: AcceptanceBundle): string {
  const dir = join(ACCEPTANCE_DIR, name);
  if (!existsSync(dir)) {
    throw new Error(
      `acceptance bundle ${name} not found at ${dir} (set COSTFLOW_SHARED_DIR to the shared folder)`,
    );
  }
  return dir;
}

/** A bundle of the engine's test fixtures (`packages/engine/test/fixtures/bundles/<name>`). */
export function fixtureBundle(name: "distribution"): string {
  return join(REPO_ROOT, "packages", "engine", "test", "fixtures", "bundles", name);
}

/** A model template's bundle as the product ships it (`packages/db/templates/<name>`). */
export function templateBundle(name: "distribution" | "manufacturing" | "professional-services"): string {
  return join(REPO_ROOT, "packages", "db", "templates", name);
}

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && "workspaces" in JSON.parse(readFileSync(manifest, "utf8"))) return dir;
    if (dir === dirname(dir)) throw new Error(`no package.json with "workspaces" above ${from}`);
  }
}

/** COSTFLOW_SHARED_DIR, else the first `shared/acceptance` beside the root or a folder above it. */
function findSharedDir(): string {
  const override = process.env.COSTFLOW_SHARED_DIR;
  if (override) return resolve(override);
  for (let dir = dirname(REPO_ROOT); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "shared", "acceptance"))) return join(dir, "shared");
    if (dir === dirname(dir)) return join(dirname(REPO_ROOT), "shared");
  }
}
