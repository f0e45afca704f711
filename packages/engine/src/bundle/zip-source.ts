// A .zip bundle read by random access: the central directory is read first, so files can be read
// in dependency order whatever their order in the archive, each streamed through zlib's raw inflate.

import { type FileHandle, open } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createInflateRaw } from "node:zlib";
import type { BundleSource } from "./bundle-source.ts";

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export class ZipFormatError extends Error {}

/**
 * An entry (or the archive as a whole) inflates to more than its limit: a "zip bomb", or a bundle
 * bigger than this installation accepts. Thrown as soon as the limit is passed, whether the sizes
 * the archive declares are honest or not (bytes are counted as they inflate).
 */
export class ZipTooLargeError extends Error {
  constructor(
    /** The entry being read, as named in the archive. */
    readonly entry: string,
    /** "entry": this entry alone; "archive": the entries read so far together. */
    readonly scope: "entry" | "archive",
    readonly maximum: number,
  ) {
    super(`${entry}: inflates to more than ${maximum} bytes (${scope} limit)`);
    this.name = "ZipTooLargeError";
  }
}

/** An entry whose path could escape the bundle folder ("..", absolute or drive paths). */
export class ZipUnsafePathError extends ZipFormatError {
  constructor(readonly entry: string) {
    super(`${entry}: a path with ".." or an absolute path is not allowed in a bundle`);
    this.name = "ZipUnsafePathError";
  }
}

/** Inflated-size limits of an archive's entries (bytes). Unlimited when not given. */
export interface ZipLimits {
  /** Largest inflated size of one entry (may depend on the entry, e.g. smaller for JSON files). */
  entryBytes?: (name: string) => number;
  /** Largest inflated size of all entries read, together. */
  totalBytes?: number;
}

const CHUNK = 1 << 20;
/** Inflated bytes handed on at a time (and parsed in one go on the event loop). */
const INFLATED_CHUNK = 256 * 1024;

/** A name that would leave the bundle folder if extracted: refused rather than ignored. */
function isUnsafeEntryName(name: string): boolean {
  if (name.startsWith("/") || name.startsWith("\\") || /^[A-Za-z]:/.test(name)) return true;
  return name.split(/[\\/]/).some((segment) => segment === "..");
}

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await fh.read(buf, done, length - done, position + done);
    if (bytesRead === 0) throw new ZipFormatError("Unexpected end of the zip file");
    done += bytesRead;
  }
  return buf;
}

async function readCentralDirectory(fh: FileHandle, fileSize: number): Promise<ZipEntry[]> {
  // End of central directory record: 22 bytes + a comment of up to 65535 bytes, at the end.
  const tailLength = Math.min(fileSize, 22 + 65535 + 20);
  const tail = await readAt(fh, fileSize - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError("Not a zip file (no end of central directory)");
  let count = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  // Zip64: a locator just before the EOCD points at the zip64 EOCD record.
  if (eocd >= 20 && tail.readUInt32LE(eocd - 20) === 0x07064b50) {
    const z64Offset = Number(tail.readBigUInt64LE(eocd - 20 + 8));
    const z64 = await readAt(fh, z64Offset, 56);
    if (z64.readUInt32LE(0) !== 0x06064b50) throw new ZipFormatError("Bad zip64 end of central directory");
    count = Number(z64.readBigUInt64LE(32));
    cdSize = Number(z64.readBigUInt64LE(40));
    cdOffset = Number(z64.readBigUInt64LE(48));
  }
  const cd = await readAt(fh, cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let k = 0; k < count; k++) {
    if (cd.readUInt32LE(p) !== 0x02014b50) throw new ZipFormatError("Bad central directory entry");
    const flags = cd.readUInt16LE(p + 8);
    const method = cd.readUInt16LE(p + 10);
    let compressedSize = cd.readUInt32LE(p + 20);
    let size = cd.readUInt32LE(p + 24);
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    let localHeaderOffset = cd.readUInt32LE(p + 42);
    // Bit 11: UTF-8 names; otherwise CP437, which matches UTF-8 for the ASCII names of a bundle.
    const name = cd.toString(flags & 0x800 ? "utf8" : "latin1", p + 46, p + 46 + nameLength);
    let e = p + 46 + nameLength;
    const extraEnd = e + extraLength;
    while (e + 4 <= extraEnd) {
      const id = cd.readUInt16LE(e);
      const len = cd.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        if (size === 0xffffffff) {
          size = Number(cd.readBigUInt64LE(q));
          q += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = Number(cd.readBigUInt64LE(q));
          q += 8;
        }
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = Number(cd.readBigUInt64LE(q));
      }
      e += 4 + len;
    }
    if (flags & 1) throw new ZipFormatError(`${name}: encrypted zip entries are not supported`);
    entries.push({ name, method, compressedSize, size, localHeaderOffset });
    p = extraEnd + commentLength;
  }
  return entries;
}

/** Strips one top-level folder when the archive holds the bundle folder rather than its files. */
function bundlePrefix(names: string[]): string {
  if (names.includes("model.json")) return "";
  const candidates = names.filter((n) => /^[^/]+\/model\.json$/.test(n));
  return candidates.length === 1 ? candidates[0]!.slice(0, -"model.json".length) : "";
}

/** The entries that are files of the bundle (no folders, macOS metadata or hidden files); an unsafe path throws. */
function fileEntries(all: ZipEntry[]): ZipEntry[] {
  const unsafe = all.find((e) => isUnsafeEntryName(e.name));
  if (unsafe) throw new ZipUnsafePathError(unsafe.name);
  return all.filter(
    (e) => !e.name.endsWith("/") && !e.name.startsWith("__MACOSX/") && !/(^|\/)\./.test(e.name),
  );
}

function checkDeclaredSizes(
  entries: ZipEntry[],
  entryLimit: (name: string) => number,
  totalLimit: number,
): void {
  let declared = 0;
  for (const e of entries) {
    if (e.size > entryLimit(e.name)) throw new ZipTooLargeError(e.name, "entry", entryLimit(e.name));
    declared += e.size;
    if (declared > totalLimit) throw new ZipTooLargeError(e.name, "archive", totalLimit);
  }
}

/** Where an entry's data starts: after its local header and that header's own name and extra field. */
async function dataStartOf(fh: FileHandle, entry: ZipEntry, name: string): Promise<number> {
  const local = await readAt(fh, entry.localHeaderOffset, 30);
  if (local.readUInt32LE(0) !== 0x04034b50) throw new ZipFormatError(`${name}: bad local header`);
  return entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
}

/**
 * The bytes start..end of the zip file in chunks of CHUNK bytes. Plain positioned reads: a stream
 * over the shared FileHandle would add a listener to it per file.
 */
async function* compressedChunks(fh: FileHandle, name: string, start: number, end: number) {
  for (let at = start; at < end; ) {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK, end - at));
    const { bytesRead } = await fh.read(chunk, 0, chunk.length, at);
    if (bytesRead === 0) throw new ZipFormatError(`${name}: unexpected end of the zip file`);
    at += bytesRead;
    yield bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead);
  }
}

/** The entries under the bundle's folder, by their name inside it. */
function entriesInBundle(entries: ZipEntry[]): Map<string, ZipEntry> {
  const prefix = bundlePrefix(entries.map((e) => e.name));
  const byName = new Map<string, ZipEntry>();
  for (const e of entries) {
    if (e.name.startsWith(prefix)) byName.set(e.name.slice(prefix.length), e);
  }
  return byName;
}

export async function openZipSource(path: string, limits: ZipLimits = {}): Promise<BundleSource> {
  const fh = await open(path, "r");
  try {
    const { size: fileSize } = await fh.stat();
    const all = await readCentralDirectory(fh, fileSize);
    const entries = fileEntries(all);
    const entryLimit = (name: string) => limits.entryBytes?.(name) ?? Number.POSITIVE_INFINITY;
    const totalLimit = limits.totalBytes ?? Number.POSITIVE_INFINITY;
    // Declared sizes first: an honest archive that is too big is refused before inflating a byte.
    checkDeclaredSizes(entries, entryLimit, totalLimit);
    let inflatedTotal = 0;
    const byName = entriesInBundle(entries);
    const files = new Map([...byName].map(([n, e]) => [n, { size: e.size }]));
    return {
      name: path,
      files,
      async read(name, onChunk) {
        const entry = byName.get(name);
        if (!entry) throw new ZipFormatError(`${name} is not in the zip`);
        const dataStart = await dataStartOf(fh, entry, name);
        if (entry.compressedSize === 0) return;
        if (entry.method !== 0 && entry.method !== 8) {
          throw new ZipFormatError(`${name}: compression method ${entry.method} is not supported`);
        }
        let produced = 0;
        // An error of the reader of the bytes (an issue cap, an endless record) is its own, not
        // the archive's: rethrown as it is.
        let consumerError: unknown = null;
        const maximum = entryLimit(entry.name);
        // Counted before the bytes are handed on: past a limit nothing more is inflated or parsed.
        const take = (chunk: Uint8Array) => {
          produced += chunk.byteLength;
          inflatedTotal += chunk.byteLength;
          if (produced > maximum) throw new ZipTooLargeError(entry.name, "entry", maximum);
          if (inflatedTotal > totalLimit) throw new ZipTooLargeError(entry.name, "archive", totalLimit);
          // An archive that lies about its sizes is malformed: stopped as soon as it is caught.
          if (produced > entry.size) {
            throw new ZipFormatError(`${name}: inflates to more than the ${entry.size} bytes it declares`);
          }
          try {
            onChunk(chunk);
          } catch (error) {
            consumerError = error;
            throw error;
          }
        };
        const compressed = () => compressedChunks(fh, name, dataStart, dataStart + entry.compressedSize);
        if (entry.method === 0) {
          for await (const chunk of compressed()) take(chunk);
        } else {
          // zlib inflates on libuv's thread pool, in chunks of INFLATED_CHUNK bytes: the event
          // loop only sees (and counts) finished chunks, so a bomb neither stalls the process nor
          // gets further than one chunk past a limit before the pipeline is torn down.
          try {
            await pipeline(
              Readable.from(compressed()),
              createInflateRaw({ chunkSize: INFLATED_CHUNK }),
              async (inflated: AsyncIterable<Buffer>) => {
                for await (const chunk of inflated) take(chunk);
              },
            );
          } catch (error) {
            if (consumerError !== null) throw consumerError;
            if (error instanceof ZipFormatError || error instanceof ZipTooLargeError) throw error;
            throw new ZipFormatError(`${name}: ${(error as Error).message}`);
          }
        }
        if (produced !== entry.size) {
          throw new ZipFormatError(`${name}: expected ${entry.size} bytes, inflated ${produced}`);
        }
      },
      async close() {
        await fh.close();
      },
    };
  } catch (error) {
    await fh.close();
    throw error;
  }
}
