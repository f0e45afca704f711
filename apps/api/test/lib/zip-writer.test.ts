import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { openZipSource } from "@costflow/engine/bundle/zip-source";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { zipWriter } from "../../src/lib/zip-writer.ts";

// The export's zip writer (lib/zip-writer.ts), read back by two independent readers: fflate's
// and the engine's bundle reader (which reads Zip64). The output is slow (a tiny buffer and a
// delayed callback), so every write has to wait for it.

/** A Writable that takes its time, and the bytes it got once finished. */
function slowSink() {
  const parts: Buffer[] = [];
  const out = new Writable({
    highWaterMark: 256,
    write(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      setTimeout(done, 0);
    },
  });
  const bytes = async () => {
    out.end();
    await new Promise((resolve) => out.on("finish", resolve));
    return Buffer.concat(parts);
  };
  return { out, bytes };
}

const text = (n: number) =>
  Buffer.from(Array.from({ length: n }, (_, i) => `${i},row ${i},${i * 0.5}\n`).join(""));

async function archive(options: { forceZip64?: boolean }) {
  const { out, bytes } = slowSink();
  const zip = zipWriter(out, { level: 1, ...options });
  const csv = text(20_000);
  const a = await zip.entry("fact_pnl_line.csv", { deflate: true });
  for (let at = 0; at < csv.length; at += 7_001) await a.write(csv.subarray(at, at + 7_001));
  await a.end();
  const b = await zip.entry("données/tableau é.parquet", { deflate: false });
  await b.write(Buffer.from([0, 1, 2, 255]));
  await b.end();
  const empty = await zip.entry("empty.csv", { deflate: true });
  await empty.end();
  await zip.end();
  return { zip: await bytes(), csv };
}

describe("zipWriter", () => {
  for (const forceZip64 of [false, true]) {
    it(`writes deflated, stored and empty entries that two readers read back${forceZip64 ? " (Zip64 records)" : ""}`, async () => {
      const { zip, csv } = await archive({ forceZip64 });
      // Deflated: smaller than the text.
      expect(zip.length).toBeLessThan(csv.length / 2);
      const files = unzipSync(new Uint8Array(zip));
      expect(Object.keys(files)).toEqual(["fact_pnl_line.csv", "données/tableau é.parquet", "empty.csv"]);
      expect(Buffer.from(files["fact_pnl_line.csv"]!).equals(csv)).toBe(true);
      expect([...files["données/tableau é.parquet"]!]).toEqual([0, 1, 2, 255]);
      expect(files["empty.csv"]!.length).toBe(0);

      const path = join(mkdtempSync(join(tmpdir(), "costflow-zip-")), "a.zip");
      writeFileSync(path, zip);
      const source = await openZipSource(path);
      try {
        expect([...source.files.keys()]).toEqual(
          expect.arrayContaining(["fact_pnl_line.csv", "données/tableau é.parquet", "empty.csv"]),
        );
        expect(source.files.get("fact_pnl_line.csv")!.size).toBe(csv.length);
        const read: Uint8Array[] = [];
        await source.read("fact_pnl_line.csv", (chunk) => read.push(chunk));
        expect(Buffer.concat(read).equals(csv)).toBe(true);
      } finally {
        await source.close();
      }
      // The end of central directory record, and before it the Zip64 one only when asked for.
      expect(zip.readUInt32LE(zip.length - 22)).toBe(0x06054b50);
      expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(forceZip64);
    });
  }

  it("refuses a second entry while one is open", async () => {
    const { out } = slowSink();
    const zip = zipWriter(out);
    await zip.entry("a.csv", { deflate: true });
    await expect(zip.entry("b.csv", { deflate: true })).rejects.toThrow(/still open/);
  });
});
