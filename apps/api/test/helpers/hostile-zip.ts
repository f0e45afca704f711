import { constants, createDeflateRaw } from "node:zlib";

// Zip archives as a hostile client makes them: sizes and names written field by field, and
// deflate streams of zeros that inflate about a thousand times.

/** Raw deflate of `megabytes` MiB of zeros, made by repeating one sync-flushed block (cheap). */
export async function zerosDeflated(megabytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => out.push(chunk));
  deflate.write(Buffer.alloc(1 << 20));
  await new Promise<void>((resolve) => deflate.flush(constants.Z_SYNC_FLUSH, () => resolve()));
  const block = Buffer.concat(out.splice(0));
  await new Promise<void>((resolve) => deflate.end(() => resolve()));
  await new Promise((resolve) => setImmediate(resolve));
  const final = Buffer.concat(out);
  return Buffer.concat([...Array.from({ length: megabytes }, () => block), final]);
}

export interface RawEntry {
  name: string;
  data: Buffer;
  /** The inflated size the archive declares (true or not). */
  size: number;
  /** 0 stored, 8 deflated (default). */
  method?: 0 | 8;
}

/** A zip archive written field by field (CRCs left 0: the readers under test do not need them). */
export function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(entry.method ?? 8, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(entry.method ?? 8, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A stored (uncompressed) entry with its true size. */
export function storedEntry(name: string, text: string): RawEntry {
  const data = Buffer.from(text);
  return { name, data, size: data.length, method: 0 };
}
