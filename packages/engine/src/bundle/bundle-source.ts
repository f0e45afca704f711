// Where a bundle's files come from: a folder or a .zip. Both stream file contents in chunks.

import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { openZipSource, type ZipLimits } from "./zip-source.ts";

export interface BundleSource {
  /** Human name of the bundle (its path). */
  readonly name: string;
  /** Files of the bundle, relative paths with "/" (e.g. "records/ORDERS.csv"). */
  readonly files: ReadonlyMap<string, { size: number }>;
  /** Streams the file's bytes to `onChunk`, in order. */
  read(path: string, onChunk: (chunk: Uint8Array) => void): Promise<void>;
  close(): Promise<void>;
}

export async function openBundleSource(path: string, zipLimits: ZipLimits = {}): Promise<BundleSource> {
  const info = await stat(path);
  if (info.isDirectory()) return openFolderSource(path);
  return openZipSource(path, zipLimits);
}

async function openFolderSource(root: string): Promise<BundleSource> {
  const files = new Map<string, { size: number }>();
  const walk = async (dir: string, prefix: string, depth: number): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        // Only records/ is a sub-folder of a bundle; deeper folders are reported as unknown files.
        if (depth < 1) await walk(full, `${prefix}${entry.name}/`, depth + 1);
        else files.set(`${prefix}${entry.name}/`, { size: 0 });
      } else if (entry.isFile()) {
        files.set(`${prefix}${entry.name}`, { size: (await stat(full)).size });
      }
    }
  };
  await walk(root, "", 0);
  return {
    name: root,
    files,
    async read(path, onChunk) {
      const stream = createReadStream(join(root, path), { highWaterMark: 1 << 20 });
      for await (const chunk of stream) onChunk(chunk as Buffer);
    },
    async close() {},
  };
}
