// How a worker thread loads its TypeScript entry (calculation, upload reading, export, Parquet).
// Plain JavaScript: it runs in the new thread before anything can compile TypeScript.
//
// Registering tsx in a thread and compiling the entry's ~170 modules one by one through its loader
// costs about 3 s of CPU per thread; one bundle of the same modules (esbuild, node_modules left
// external) loads in about 0.6 s. The bundle is built by the first thread that needs it and kept
// in node_modules/.cache/costflow-threads/ with the size and modification time of every source
// file that went into it; a thread whose sources changed since builds it again. Each module keeps
// its own import.meta.url (paths to migrations, fonts, other thread entries resolve as from the
// source). Should the bundle fail to build, the thread compiles its entry with tsx as before.

import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const CACHE_DIR = join(REPO_ROOT, "node_modules", ".cache", "costflow-threads");

/** Loads `entry` (a .ts file URL) in this thread: from a fresh bundle, built if needed, else with tsx. */
export async function loadThreadModule(entry, cacheDir = CACHE_DIR) {
  let bundle = freshBundle(entry, cacheDir);
  if (!bundle) {
    try {
      bundle = await buildBundle(entry, cacheDir);
    } catch {
      bundle = null;
    }
  }
  if (bundle) return import(pathToFileURL(bundle).href);
  const { register } = await import("tsx/esm/api");
  register();
  return import(entry.href);
}

function names(entry, cacheDir) {
  const file = fileURLToPath(entry);
  // The entry's folder in the name: two entries of one name in different folders never collide.
  const key = `${basename(dirname(file))}-${basename(file).replace(/\.ts$/, "")}`;
  return { file, bundle: join(cacheDir, `${key}.mjs`), manifest: join(cacheDir, `${key}.json`) };
}

/** The bundle's path when it was built from the sources as they are now, else null. */
function freshBundle(entry, cacheDir) {
  const { file, bundle, manifest } = names(entry, cacheDir);
  try {
    const { inputs } = JSON.parse(readFileSync(manifest, "utf8"));
    // Built from this entry, not from a checkout of the same name elsewhere (a node_modules copied
    // from another checkout holds that checkout's bundles, fresh against its own sources).
    if (!Object.hasOwn(inputs, file)) return null;
    for (const [path, [size, mtimeMs]] of Object.entries(inputs)) {
      const s = statSync(path);
      if (s.size !== size || s.mtimeMs !== mtimeMs) return null;
    }
    statSync(bundle);
    return bundle;
  } catch {
    return null;
  }
}

/** Our own files with their import.meta as in the source; packages outside the repo stay imports. */
function ownModules() {
  return {
    name: "costflow-own-modules",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith("@costflow/") ? undefined : { path: args.path, external: true },
      );
      build.onLoad({ filter: /\.(ts|mjs|js)$/ }, (args) => {
        if (args.path.includes("/node_modules/")) return undefined;
        const text = readFileSync(args.path, "utf8")
          .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll("import.meta.dirname", JSON.stringify(dirname(args.path)))
          .replaceAll("import.meta.filename", JSON.stringify(args.path));
        return { contents: text, loader: args.path.endsWith(".ts") ? "ts" : "js" };
      });
    },
  };
}

async function buildBundle(entry, cacheDir) {
  const { build } = await import("esbuild");
  const startedAt = Date.now();
  const { file, bundle, manifest } = names(entry, cacheDir);
  mkdirSync(cacheDir, { recursive: true });
  // Written aside, then renamed: threads building at once never read half a file.
  const partial = `${bundle}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  const result = await build({
    entryPoints: [file],
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: partial,
    metafile: true,
    logLevel: "silent",
    plugins: [ownModules()],
  });
  const inputs = {};
  let changedMeanwhile = false;
  for (const path of Object.keys(result.metafile.inputs)) {
    const absolute = join(REPO_ROOT, path);
    const s = statSync(absolute);
    inputs[absolute] = [s.size, s.mtimeMs];
    if (s.mtimeMs >= startedAt - 1000) changedMeanwhile = true;
  }
  // A source saved while it was being bundled: this thread runs the bundle, the next builds anew.
  if (changedMeanwhile) return partial;
  renameSync(partial, bundle);
  const partialManifest = `${partial}.json`;
  writeFileSync(partialManifest, JSON.stringify({ inputs }));
  renameSync(partialManifest, manifest);
  return bundle;
}
