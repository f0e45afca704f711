// A .zip bundle read by random access: the central directory is read first, so files can be read
// in dependency order whatever their order in the archive, each streamed through fflate's Inflate.

import { type FileHandle, open } from "node:fs/promises";
import { Inflate } from "fflate";
import type { BundleSource } from "./bundle-source.ts";

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export class ZipFormatError extends Error {}

const CHUNK = 1 << 20;

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

export async function openZipSource(path: string): Promise<BundleSource> {
  const fh = await open(path, "r");
  try {
    const { size: fileSize } = await fh.stat();
    const entries = (await readCentralDirectory(fh, fileSize)).filter(
      (e) => !e.name.endsWith("/") && !e.name.startsWith("__MACOSX/") && !/(^|\/)\./.test(e.name),
    );
    const prefix = bundlePrefix(entries.map((e) => e.name));
    const byName = new Map<string, ZipEntry>();
    for (const e of entries) {
      if (e.name.startsWith(prefix)) byName.set(e.name.slice(prefix.length), e);
    }
    const files = new Map([...byName].map(([n, e]) => [n, { size: e.size }]));
    return {
      name: path,
      files,
      async read(name, onChunk) {
        const entry = byName.get(name);
        if (!entry) throw new ZipFormatError(`${name} is not in the zip`);
        const local = await readAt(fh, entry.localHeaderOffset, 30);
        if (local.readUInt32LE(0) !== 0x04034b50) throw new ZipFormatError(`${name}: bad local header`);
        const dataStart = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
        if (entry.compressedSize === 0) return;
        if (entry.method !== 0 && entry.method !== 8) {
          throw new ZipFormatError(`${name}: compression method ${entry.method} is not supported`);
        }
        let produced = 0;
        const inflate =
          entry.method === 8
            ? new Inflate((chunk) => {
                produced += chunk.byteLength;
                onChunk(chunk);
              })
            : null;
        // Plain positioned reads: a stream over the shared FileHandle would add a listener to it
        // per file.
        const end = dataStart + entry.compressedSize;
        for (let at = dataStart; at < end; ) {
          const chunk = Buffer.allocUnsafe(Math.min(CHUNK, end - at));
          const { bytesRead } = await fh.read(chunk, 0, chunk.length, at);
          if (bytesRead === 0) throw new ZipFormatError(`${name}: unexpected end of the zip file`);
          at += bytesRead;
          const data = bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead);
          if (inflate) inflate.push(data);
          else {
            produced += data.byteLength;
            onChunk(data);
          }
        }
        inflate?.push(new Uint8Array(0), true);
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
