import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseClient } from "../src/client.ts";
import {
  copyOutLines,
  copyOutRowBytes,
  decodeCopyField,
  forEachCopyRow,
  forEachRowBytes,
} from "../src/repositories/model-data/copy-text.ts";
import { createTestDatabase } from "../src/test-database.ts";

// copyOutRowBytes (the scenario load's records): every row of a COPY as the byte ranges of its
// fields, across pieces that end anywhere (inside a row, inside a multi-byte character), the same
// fields as the text reader gives.

let database: DatabaseClient;
const ROWS = 40_000;

beforeAll(async () => {
  database = await createTestDatabase();
  // Rows of changing width, multi-byte characters (2, 3 and 4 bytes), escaped tabs and
  // backslashes, NULLs and empty strings: about 2 MB, so many pieces of the stream.
  await database.executeSql(`create table copy_row_bytes (id integer primary key, label text, amount text, note text);
    insert into copy_row_bytes select n,
        repeat('é€😀x', n % 7) || 'L' || n,
        case when n % 11 = 0 then null else (n * 0.25)::text end,
        case when n % 13 = 0 then E'tab\\there \\\\ back' when n % 17 = 0 then '' else repeat('n', n % 50) end
      from generate_series(1, ${ROWS}) n;`);
});
afterAll(async () => database?.close());

const SELECT = "select id, label, amount, note from copy_row_bytes order by id";

describe("copyOutRowBytes", () => {
  it("gives every row's fields, decoded, as the text reader does, across pieces", async () => {
    const expected: (string | null)[][] = [];
    for await (const text of copyOutLines(SELECT, {}, database.db)) {
      forEachCopyRow(text, (fields) => expected.push(fields.map(decodeCopyField)));
    }
    const got: (string | null)[][] = [];
    const count = await copyOutRowBytes(
      SELECT,
      4,
      ({ bytes, starts, ends }) => {
        const row: (string | null)[] = [];
        for (let k = 0; k < 4; k++) row.push(decodeCopyField(bytes.toString("utf8", starts[k]!, ends[k]!)));
        got.push(row);
      },
      database.db,
    );
    expect(count).toBe(ROWS);
    expect(got).toHaveLength(ROWS);
    expect(got).toEqual(expected);
    expect(got[12]).toEqual(["13", "é€😀xé€😀xé€😀xé€😀xé€😀xé€😀xL13", "3.25", "tab\there \\ back"]);
    expect(got[10]).toEqual(["11", "é€😀xé€😀xé€😀xé€😀xL11", null, "nnnnnnnnnnn"]);
    expect(got[16]![3]).toBe("");
  });

  it("reads the same rows wherever the pieces end (inside a row, a field, a character)", async () => {
    // Two-column rows, in COPY's text form: an escaped backslash, NULL and an empty field, and
    // characters of 4 and 2 bytes; cut in three pieces at every pair of places.
    const text = Buffer.from("a\tb\\\\c\n\\N\t\n😀é\tx\n", "utf8");
    const expected = [
      ["a", "b\\\\c"],
      ["\\N", ""],
      ["😀é", "x"],
    ];
    for (let i = 0; i <= text.length; i++) {
      for (let j = i; j <= text.length; j++) {
        const got: string[][] = [];
        const pieces = async function* () {
          yield new Uint8Array(text.subarray(0, i));
          yield new Uint8Array(text.subarray(i, j));
          yield new Uint8Array(text.subarray(j));
        };
        const count = await forEachRowBytes(pieces(), 2, ({ bytes, starts, ends }) => {
          got.push([0, 1].map((k) => bytes.toString("utf8", starts[k]!, ends[k]!)));
        });
        expect(count).toBe(3);
        expect(got).toEqual(expected);
      }
    }
    const unfinished = async function* () {
      yield new Uint8Array(Buffer.from("a\tb\nc\td", "utf8"));
    };
    await expect(forEachRowBytes(unfinished(), 2, () => {})).rejects.toThrow(
      "COPY output ended inside a row",
    );
  });

  it("refuses a row with another number of fields than asked", async () => {
    await expect(copyOutRowBytes(SELECT, 3, () => {}, database.db)).rejects.toThrow(
      "COPY row with 4 fields, not 3",
    );
    await expect(copyOutRowBytes(SELECT, 5, () => {}, database.db)).rejects.toThrow(
      "COPY row with 4 fields, not 5",
    );
    // The connections the refused COPYs were on are not given back half-read.
    const { rows } = await database.executeSql("select count(*)::int as n from copy_row_bytes");
    expect(rows[0]).toEqual({ n: ROWS });
  });
});
