import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { Readable, Writable } from "node:stream";
import { finished } from "node:stream/promises";

/**
 * Where the files of the file pipeline live (docs/exports.md, "File store"). Small on purpose, so
 * an object store (S3, GCS, Azure Blob: a multipart upload completed on commit) can replace the
 * folder. Keys are `<company>/<file id>`; nothing else is stored under the root.
 */
export interface FileStore {
  /** Opens `key` for writing under a temporary name; nothing is visible under `key` before commit. */
  create(key: string): Promise<StoredFileWriter>;
  /** The stored file as a stream (rejects when it is missing). */
  open(key: string): Promise<Readable>;
  /** Removes the file and any partial file of `key`; a missing file is not an error. */
  remove(key: string): Promise<void>;
}

export interface StoredFileWriter {
  stream: Writable;
  /** Ends the stream and publishes the file under its key (rename); answers its size in bytes. */
  commit(): Promise<number>;
  /** Drops what was written. */
  abort(): Promise<void>;
}

/** The file store on a local (or shared network) folder: a temporary `.part` name renamed on success. */
export function localFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!/^[\w-]+(\/[\w-]+)*$/.test(key)) throw new Error(`Bad file key ${key}`);
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error(`Bad file key ${key}`);
    return path;
  };
  return {
    async create(key) {
      const path = pathOf(key);
      const part = `${path}.part`;
      await mkdir(dirname(path), { recursive: true });
      const stream = createWriteStream(part);
      let done = false;
      return {
        stream,
        async commit() {
          if (!stream.writableEnded) stream.end();
          await finished(stream);
          await rename(part, path);
          done = true;
          return (await stat(path)).size;
        },
        async abort() {
          if (done) return;
          done = true;
          // A write still in flight fails once the stream is destroyed: that error is about a
          // file being dropped anyway, and unheard it would be an uncaught exception.
          stream.on("error", () => {});
          stream.destroy();
          await rm(part, { force: true });
        },
      };
    },
    async open(key) {
      const path = pathOf(key);
      await stat(path);
      return createReadStream(path);
    },
    async remove(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.part`, { force: true });
    },
  };
}
