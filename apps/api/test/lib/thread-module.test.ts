import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";

// lib/thread-module.mjs: a worker thread loads its TypeScript entry from a bundle built once and
// kept while its sources are unchanged, with each module's own import.meta.url; a changed source
// is bundled anew; without a bundle (it cannot be written) the thread compiles its entry with tsx.

const LOADER = pathToFileURL(join(import.meta.dirname, "../../src/lib/thread-module.mjs")).href;
const dir = mkdtempSync(join(tmpdir(), "costflow-thread-module-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a file with a modification time `ageSeconds` in the past (a source saved earlier). */
function source(name: string, text: string, ageSeconds: number) {
  const path = join(dir, name);
  writeFileSync(path, text);
  const at = new Date(Date.now() - ageSeconds * 1000);
  utimesSync(path, at, at);
  return path;
}

// ES modules, as in apps/api (tsx reads .ts files as CommonJS without it).
source("package.json", JSON.stringify({ type: "module" }), 60);
source(
  "entry.ts",
  `import { parentPort } from "node:worker_threads";
import { version, where } from "./helper.ts";
const answer: { version: number; where: string } = { version, where };
parentPort!.postMessage(answer);
`,
  60,
);
const helper = (version: number, ageSeconds: number) =>
  source(
    "helper.ts",
    `export const version = ${version};\nexport const where = import.meta.url;\n`,
    ageSeconds,
  );

/** Starts a thread whose entry loads entry.ts with `cacheDir`; its answer. */
async function run(cacheDir: string): Promise<{ version: number; where: string }> {
  const starter = join(dir, "start.mjs");
  writeFileSync(
    starter,
    `import { loadThreadModule } from ${JSON.stringify(LOADER)};
await loadThreadModule(new URL("./entry.ts", import.meta.url), ${JSON.stringify(cacheDir)});
`,
  );
  const worker = new Worker(starter, { execArgv: [] });
  try {
    return await new Promise((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
  } finally {
    await worker.terminate();
  }
}

describe("thread modules", () => {
  const cache = join(dir, "cache");

  it("runs the entry from a bundle that keeps each module's import.meta.url, and lists its sources", async () => {
    const helperPath = helper(1, 60);
    expect(await run(cache)).toEqual({ version: 1, where: pathToFileURL(helperPath).href });
    const manifest = JSON.parse(readFileSync(join(cache, `${dirName()}-entry.json`), "utf8"));
    expect(Object.keys(manifest.inputs).sort()).toEqual([join(dir, "entry.ts"), helperPath].sort());
    expect(existsSync(join(cache, `${dirName()}-entry.mjs`))).toBe(true);
  });

  it("bundles again when a source changed since (same size, another modification time)", async () => {
    helper(2, 30);
    expect((await run(cache)).version).toBe(2);
    const bundle = readFileSync(join(cache, `${dirName()}-entry.mjs`), "utf8");
    expect(bundle).toContain("version = 2");
  });

  it("does not run a bundle built from another checkout's entry of the same name", async () => {
    helper(4, 25);
    expect((await run(cache)).version).toBe(4);
    // The same cache, as a node_modules copied from another checkout leaves it: a bundle and a
    // manifest whose sources (elsewhere, unchanged) are fresh, but are not this entry's.
    const elsewhere = source("elsewhere.ts", "export {};\n", 60);
    const manifest = join(cache, `${dirName()}-entry.json`);
    const stat = statSync(elsewhere);
    writeFileSync(manifest, JSON.stringify({ inputs: { [elsewhere]: [stat.size, stat.mtimeMs] } }));
    writeFileSync(
      join(cache, `${dirName()}-entry.mjs`),
      `import { parentPort } from "node:worker_threads";\nparentPort.postMessage({ version: -1, where: "other checkout" });\n`,
    );
    expect((await run(cache)).version).toBe(4);
  });

  it("compiles the entry with tsx when no bundle can be written", async () => {
    helper(3, 20);
    const notADirectory = source("not-a-directory", "", 10);
    expect(await run(notADirectory)).toMatchObject({ version: 3 });
  });
});

function dirName(): string {
  return dir.split("/").at(-1)!;
}
