import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseClient } from "../src/client.ts";
import { copyBytes } from "../src/repositories/results.ts";
import { createTestDatabase } from "../src/test-database.ts";

// COPY text arrives in chunks that a writer cuts where its buffer is full, so a chunk may end in
// the middle of a row (and of an array literal). On PGlite every piece is a COPY of its own: rows
// cut at a chunk's end once broke a calculate-all of 100,000 order lines ('malformed array literal').

let database: DatabaseClient;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.executeSql("create table copy_probe (n integer not null, label text, nos integer[])");
});
afterAll(async () => database?.close());

describe("copyBytes", () => {
  it("loads rows cut anywhere across chunks, a chunk without a row end included", async () => {
    const rows = Array.from({ length: 200 }, (_, i) => `${i}\tlabel ${i}\t{${i},${i + 1},${i + 2}}\n`);
    const bytes = Buffer.from(rows.join(""));
    // Cuts of 1 to 37 bytes: most fall inside a row, some pieces hold no newline at all.
    const chunks: Uint8Array[] = [];
    for (let at = 0, size = 1; at < bytes.length; at += size, size = (size % 37) + 1) {
      chunks.push(bytes.subarray(at, Math.min(bytes.length, at + size)));
    }
    await database.db.transaction((tx) => copyBytes("copy_probe", ["n", "label", "nos"], chunks, tx));
    const { rows: read } = await database.executeSql(
      "select count(*)::int as n, sum(n)::int as total, max(array_length(nos, 1)) as len, min(label) as first from copy_probe",
    );
    expect(read[0]).toEqual({ n: 200, total: (199 * 200) / 2, len: 3, first: "label 0" });
  });

  it("abandons the COPY when the rows' generator fails: nothing written, the connection usable", async () => {
    await database.executeSql("create table copy_failing (n integer not null)");
    function* rows(): Generator<Uint8Array> {
      yield Buffer.from("1\n2\n");
      throw new Error("Amount 0.5 is not a whole number of minor units");
    }
    await expect(
      database.db.transaction((tx) => copyBytes("copy_failing", ["n"], rows(), tx)),
    ).rejects.toThrow("not a whole number");
    const { rows: read } = await database.executeSql("select count(*)::int as n from copy_failing");
    expect(read[0]).toEqual({ n: 0 });
  });
});
