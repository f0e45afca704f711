// Test helper: fixture locations and throwaway copies of the base bundle with files replaced.

import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const fixtures = fileURLToPath(new URL("../fixtures/", import.meta.url));
export const baseBundle = join(fixtures, "bundles/distribution");
const errorOverlays = join(fixtures, "bundle-errors");

const made: string[] = [];

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "costflow-bundle-"));
  made.push(dir);
  return dir;
}

/** A copy of the base bundle with the files of bundle-errors/<name> laid over it. */
export async function overlaid(name: string): Promise<string> {
  const dir = join(await tempDir(), "bundle");
  await cp(baseBundle, dir, { recursive: true });
  await cp(join(errorOverlays, name), dir, { recursive: true });
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((d) => rm(d, { recursive: true, force: true })));
}
