import { createReadStream, createWriteStream } from "node:fs";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { crc32, createDeflateRaw } from "node:zlib";
import { writeChunk } from "./write-chunk.ts";

// A streaming zip archive (PKWARE APPNOTE 6.3) written to a Writable with backpressure: each entry
// is written as it comes, followed by a data descriptor with its CRC and sizes, so nothing is held
// in memory. Entries are deflated with the platform's zlib (native code, on libuv's thread pool,
// so the writer's thread goes on producing the next bytes meanwhile) or stored as they are.
// Zip64 where a size or an offset does not fit 32 bits (a CSV of tens of millions of rows): the
// data descriptor then has 64-bit sizes and the central directory the Zip64 extra field, and the
// archive ends with the Zip64 end-of-central-directory record and locator. Names are UTF-8 (bit 11).

const U32 = 0xffffffff;
const U16 = 0xffff;
/** Version 2.0 (deflate, data descriptor); 4.5 for Zip64. Made by: Unix. */
const VERSION = 20;
const VERSION_ZIP64 = 45;
const MADE_BY_UNIX = 3 << 8;
/** Bit 3: sizes and CRC in a data descriptor after the data; bit 11: the name is UTF-8. */
const FLAGS = (1 << 3) | (1 << 11);
const STORED = 0;
const DEFLATED = 8;

export interface ZipEntry {
  write(bytes: Uint8Array): Promise<void>;
  end(): Promise<void>;
}

/** An entry's data deflated ahead into a file (deflateToFile), to be copied into an archive. */
export interface DeflatedFile {
  path: string;
  crc: number;
  size: number;
  compressed: number;
}

interface Written {
  name: Buffer;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** MS-DOS time and date of `at` (local time, as zip tools show it). */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getFullYear(), 1980), 2107);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/** The local header of an entry: CRC and sizes follow the data, in its descriptor. */
function localHeader(entry: Written): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt16LE(entry.time, 10);
  header.writeUInt16LE(entry.date, 12);
  // CRC and sizes (14..25) are zero: they follow the data in the descriptor.
  header.writeUInt16LE(entry.name.length, 26);
  return Buffer.concat([header, entry.name]);
}

/** The data descriptor after an entry's data: 64-bit sizes when either passes 32 bits. */
function descriptor(entry: Written, zip64: (n: number) => boolean): Buffer {
  if (zip64(entry.size) || zip64(entry.compressed)) {
    const d = Buffer.alloc(24);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(entry.crc, 4);
    d.writeBigUInt64LE(BigInt(entry.compressed), 8);
    d.writeBigUInt64LE(BigInt(entry.size), 16);
    return d;
  }
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(entry.crc, 4);
  d.writeUInt32LE(entry.compressed, 8);
  d.writeUInt32LE(entry.size, 12);
  return d;
}

/** The central directory header of an entry. */
function centralHeader(entry: Written, zip64: (n: number) => boolean): Buffer {
  // Zip64 extra field: the original size, the compressed size and the header's offset, each
  // only when its 32-bit field says 0xFFFFFFFF, in this order.
  const wide = [entry.size, entry.compressed, entry.offset].map(zip64);
  const extra = Buffer.alloc(wide.some(Boolean) ? 4 + 8 * wide.filter(Boolean).length : 0);
  if (extra.length) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(extra.length - 4, 2);
    let at = 4;
    for (const [i, value] of [entry.size, entry.compressed, entry.offset].entries())
      if (wide[i]) {
        extra.writeBigUInt64LE(BigInt(value), at);
        at += 8;
      }
  }
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 4);
  header.writeUInt16LE(extra.length ? VERSION_ZIP64 : VERSION, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt16LE(entry.time, 12);
  header.writeUInt16LE(entry.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(wide[1] ? U32 : entry.compressed, 20);
  header.writeUInt32LE(wide[0] ? U32 : entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  // Comment length, disk number, internal attributes: 0.
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  header.writeUInt32LE(wide[2] ? U32 : entry.offset, 42);
  return Buffer.concat([header, entry.name, extra]);
}

/** The end of the central directory, after the Zip64 record and locator when they are needed. */
function endRecords(
  count: number,
  directoryOffset: number,
  directorySize: number,
  forceZip64: boolean,
): Buffer {
  const parts: Buffer[] = [];
  const needs64 = forceZip64 || count >= U16 || directoryOffset >= U32 || directorySize >= U32;
  if (needs64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
    record.writeUInt16LE(VERSION_ZIP64, 14);
    // This disk and the directory's disk: 0.
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(directorySize), 40);
    record.writeBigUInt64LE(BigInt(directoryOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(needs64 ? U16 : count, 8);
  end.writeUInt16LE(needs64 ? U16 : count, 10);
  end.writeUInt32LE(needs64 ? U32 : directorySize, 12);
  end.writeUInt32LE(needs64 ? U32 : directoryOffset, 16);
  parts.push(end);
  return Buffer.concat(parts);
}

/**
 * An entry's data through zlib's raw deflate: the CRC of what comes in, the compressed bytes sent
 * to `put` as zlib makes them (in pieces of 256 KB); a slow output holds the deflater, whose own
 * buffer then makes write() wait.
 */
function deflatedEntry(
  entry: Written,
  level: number,
  put: (bytes: Uint8Array) => Promise<void>,
  finish: () => Promise<void>,
): ZipEntry {
  const deflater = createDeflateRaw({ level, chunkSize: 256 << 10 });
  const drained = (async () => {
    for await (const chunk of deflater as AsyncIterable<Buffer>) await put(chunk);
  })();
  drained.catch(() => {});
  return {
    async write(bytes) {
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.length;
      if (!deflater.write(bytes))
        await Promise.race([new Promise((resolve) => deflater.once("drain", resolve)), drained]);
    },
    async end() {
      deflater.end();
      await drained;
      await finish();
    },
  };
}

/**
 * Deflates what `write` writes to its entry (which is ended here) into the file at `path`, with
 * the CRC and sizes a zip entry needs: entries made side by side (two tables read at once) and copied into the archive in
 * order afterwards (`zipWriter().copyDeflated`).
 */
export async function deflateToFile(
  path: string,
  level: number,
  write: (entry: ZipEntry) => Promise<void>,
): Promise<DeflatedFile> {
  const file = createWriteStream(path);
  const entry = { crc: 0, size: 0, compressed: 0 } as Written;
  try {
    const put = async (bytes: Uint8Array) => {
      entry.compressed += bytes.length;
      await writeChunk(file, bytes);
    };
    const target = deflatedEntry(entry, level, put, async () => {});
    await write(target);
    await target.end();
  } finally {
    file.end();
    await finished(file);
  }
  return { path, crc: entry.crc, size: entry.size, compressed: entry.compressed };
}

/**
 * A zip archive written to `out`: `entry(name, { deflate })` (one at a time, each ended before the
 * next), then `end()` writes the central directory. `out` is not ended. `level`: zlib's 1 (fastest)
 * to 9 (smallest).
 */
export function zipWriter(out: Writable, options: { level?: number; forceZip64?: boolean } = {}) {
  const written: Written[] = [];
  let offset = 0;
  let open = false;
  const zip64 = (n: number) => options.forceZip64 === true || n >= U32;

  const put = async (bytes: Uint8Array) => {
    offset += bytes.length;
    await writeChunk(out, bytes);
  };

  return {
    async entry(name: string, { deflate }: { deflate: boolean }): Promise<ZipEntry> {
      if (open) throw new Error("zip entry still open");
      open = true;
      const entry: Written = {
        name: Buffer.from(name, "utf8"),
        method: deflate ? DEFLATED : STORED,
        ...dosTime(new Date()),
        crc: 0,
        compressed: 0,
        size: 0,
        offset,
      };
      await put(localHeader(entry));
      const dataStart = offset;
      const finish = async () => {
        entry.compressed = offset - dataStart;
        await put(descriptor(entry, zip64));
        written.push(entry);
        open = false;
      };
      if (!deflate)
        return {
          async write(bytes) {
            entry.crc = crc32(bytes, entry.crc);
            entry.size += bytes.length;
            await put(bytes);
          },
          end: finish,
        };
      return deflatedEntry(entry, options.level ?? 6, put, finish);
    },

    /** An entry deflated ahead (deflateToFile): its bytes copied from the file as they are. */
    async copyDeflated(name: string, deflated: DeflatedFile): Promise<void> {
      if (open) throw new Error("zip entry still open");
      const entry: Written = {
        name: Buffer.from(name, "utf8"),
        method: DEFLATED,
        ...dosTime(new Date()),
        crc: deflated.crc,
        compressed: deflated.compressed,
        size: deflated.size,
        offset,
      };
      await put(localHeader(entry));
      for await (const bytes of createReadStream(deflated.path, { highWaterMark: 1 << 20 }))
        await put(bytes as Buffer);
      await put(descriptor(entry, zip64));
      written.push(entry);
    },

    async end(): Promise<void> {
      if (open) throw new Error("zip entry still open");
      const directoryOffset = offset;
      for (const entry of written) await put(centralHeader(entry, zip64));
      await put(
        endRecords(written.length, directoryOffset, offset - directoryOffset, options.forceZip64 === true),
      );
    },
  };
}
