import { parquetMetadata, parquetReadObjects } from "hyparquet";
import { describe, expect, it } from "vitest";
import type { StarColumn, StarTable, StarValue } from "../../src/modules/export-files/bi-star-columns.ts";
import { writeParquetTable } from "../../src/modules/export-files/parquet-tables.ts";

// The BI template's own Parquet encoder (parquet-encoder.ts), read back with a Parquet reader
// (hyparquet): every type, nulls in every pattern the definition levels' hybrid encoding has
// (long runs, single values, runs starting inside a group), INT64 cells as numbers and as
// bigint past 2^53, values with and without a dictionary, and several row groups.

const column = (name: string, type: StarColumn["type"]): StarColumn => ({ name, type, description: "" });

function tableOf(columns: StarColumn[], cells: StarValue[][], chunkRows: number): StarTable {
  const rows = cells[0]?.length ?? 0;
  return {
    name: "t",
    description: "",
    columns,
    count: async () => rows,
    async *chunks() {
      for (let from = 0; from < rows; from += chunkRows) {
        const to = Math.min(rows, from + chunkRows);
        yield { rows: to - from, columns: cells.map((c) => c.slice(from, to)) };
      }
    },
  };
}

async function write(table: StarTable): Promise<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const done = await writeParquetTable(
    table,
    async (bytes) => {
      parts.push(bytes);
    },
    async () => {},
    new AbortController().signal,
  );
  expect(done).toBe(true);
  const file = Buffer.concat(parts);
  return file.buffer.slice(file.byteOffset, file.byteOffset + file.length);
}

/** What the reader gives for a cell: INT64 as bigint, the rest as written. */
const expected = (type: StarColumn["type"], v: StarValue) =>
  v === null ? null : type === "INT64" ? BigInt(v as number | bigint) : v;

describe("Parquet encoder", () => {
  it("reads back every type, null pattern and row group exactly", async () => {
    const n = 250_003;
    const columns = [
      column("key", "INT64"),
      column("small", "INT32"),
      column("amount", "DOUBLE"),
      column("origin", "STRING"),
      column("identifier", "STRING"),
      column("flag", "BOOLEAN"),
      column("sparse", "INT64"),
      column("empty", "STRING"),
      column("dimension", "INT64"),
      column("rate", "DOUBLE"),
    ];
    const cells: StarValue[][] = columns.map(() => []);
    for (let i = 0; i < n; i++) {
      // Numbers past 2^32 and negative ones (two's complement halves), bigint past 2^53.
      cells[0]!.push(
        i % 7 === 0 ? null : i % 3 === 0 ? BigInt(-i) * 10_000_000_000n : i % 5 === 0 ? -i * 1e9 : i,
      );
      cells[1]!.push(i % 11 === 0 ? null : i - 100_000);
      cells[2]!.push(i % 13 === 0 ? null : i / 7);
      // Few distinct strings (a dictionary), one with an accent.
      cells[3]!.push(i % 2 === 0 ? "ALLOCATED" : i % 17 === 0 ? null : "RECEIVED é");
      // Distinct strings (plain), Arabic ones in the last row group.
      cells[4]!.push(i < 200_000 ? `id-${i}` : i % 9 === 0 ? null : `عميل ${i}`);
      cells[5]!.push(i % 4 === 0 ? null : i % 3 === 0);
      // Long runs of nulls and values, and single values between them.
      cells[6]!.push(i < 1000 || (i > 5000 && i < 5004) || i === 9 ? BigInt(i) : null);
      cells[7]!.push(null);
      // Few distinct numbers (dictionaries): a key as a number, amounts.
      cells[8]!.push(i % 1000 === 999 ? null : 7 + (i % 3));
      cells[9]!.push(i % 4 === 0 ? -0.25 : 1.5);
    }
    const file = await write(tableOf(columns, cells, 30_000));
    const meta = parquetMetadata(file);
    expect(meta.num_rows).toBe(BigInt(n));
    // Chunks of 30,000 rows gathered into row groups of at least 100,000.
    expect(meta.row_groups.map((g) => Number(g.num_rows))).toEqual([120_000, 120_000, 10_003]);
    expect(meta.schema.slice(1).map((s) => [s.name, s.type, s.repetition_type])).toEqual([
      ["key", "INT64", "OPTIONAL"],
      ["small", "INT32", "OPTIONAL"],
      ["amount", "DOUBLE", "OPTIONAL"],
      ["origin", "BYTE_ARRAY", "OPTIONAL"],
      ["identifier", "BYTE_ARRAY", "OPTIONAL"],
      ["flag", "BOOLEAN", "OPTIONAL"],
      ["sparse", "INT64", "OPTIONAL"],
      ["empty", "BYTE_ARRAY", "OPTIONAL"],
      ["dimension", "INT64", "OPTIONAL"],
      ["rate", "DOUBLE", "OPTIONAL"],
    ]);
    expect(meta.schema[4]!.converted_type).toBe("UTF8");
    const chunk = (name: string) =>
      meta.row_groups[0]!.columns.find((c) => c.meta_data?.path_in_schema[0] === name)!;
    expect(chunk("origin").meta_data!.encodings).toContain("RLE_DICTIONARY");
    expect(chunk("dimension").meta_data!.encodings).toContain("RLE_DICTIONARY");
    expect(chunk("rate").meta_data!.encodings).toContain("RLE_DICTIONARY");
    expect(chunk("identifier").meta_data!.encodings).not.toContain("RLE_DICTIONARY");
    expect(chunk("key").meta_data!.encodings).not.toContain("RLE_DICTIONARY");
    expect(chunk("key").meta_data!.codec).toBe("SNAPPY");

    const rows = (await parquetReadObjects({ file })) as Record<string, unknown>[];
    expect(rows).toHaveLength(n);
    const wrong: string[] = [];
    for (let i = 0; i < n && wrong.length < 10; i++) {
      for (const [c, col] of columns.entries()) {
        const want = expected(col.type, cells[c]![i]!);
        if (rows[i]![col.name] !== want)
          wrong.push(`row ${i} ${col.name}: ${rows[i]![col.name]} for ${want}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("writes a table without rows as a valid file", async () => {
    const file = await write(tableOf([column("key", "INT64"), column("name", "STRING")], [[], []], 10));
    expect(parquetMetadata(file).num_rows).toBe(0n);
    expect(await parquetReadObjects({ file })).toEqual([]);
  });

  it("refuses an INT64 cell that is not an integer", async () => {
    const table = tableOf([column("key", "INT64")], [[1, 2.5]], 10);
    await expect(write(table)).rejects.toThrow(/key: 2.5 is not an INT64/);
  });
});
