import type { DatabaseClient } from "@costflow/db/client";
import { copyBytes } from "@costflow/db/repositories/results";
import { createTestDatabase } from "@costflow/db/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BinaryCopyWriter, binaryBytes as room } from "../../src/lib/binary-copy-writer.ts";

// The report data reaches the database in COPY's binary format (report-data.ts): every kind of
// field it writes, read back through SQL as PostgreSQL (or PGlite) took it, across chunks.

let database: DatabaseClient;
const COLUMNS = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];

beforeAll(async () => {
  database = await createTestDatabase();
  await database.executeSql(`create table binary_probe (n integer, a integer, b bigint, c text, d bigint[],
    e double precision, f bytea, g bytea, h integer[], i bigint)`);
});
afterAll(async () => database?.close());

const BIG = 2 ** 53 - 1;
const texts = ["", "C00001", "عميل الرياض", "Açaí ñandú", "tab\there\nnewline \\ back", "😀 emoji"];

function rowOf(i: number) {
  return {
    a: i % 2 ? -i : i,
    b: [0, 1, -1, 4294967296, -4294967297, BIG, -BIG][i % 7]! * (i % 3 === 0 ? 1 : -1) || 0,
    // Long enough that 20,000 rows fill more than one 4 MB chunk.
    c: `${texts[i % texts.length]}${i}${"·".repeat(i % 300)}`,
    d: i % 5 === 0 ? [] : [i, -i, BIG, -BIG, 4294967295, -4294967296].slice(0, 1 + (i % 6)),
    e: i % 4 === 0 ? null : i / 7 - 3,
    f: [i, 2 ** 31 - 1, -1, 0].slice(0, i % 5),
    g: [i * 1000003, -(i * 7), BIG].slice(0, i % 4),
    h: i % 6 === 0 ? [] : [i, -i, 2 ** 31 - 1],
    i: i % 9 === 0 ? null : -i * 1000000007,
  };
}

const hex32 = (values: number[]) => values.map((v) => (v >>> 0).toString(16).padStart(8, "0")).join("");
const hex64 = (values: number[]) =>
  values
    .map((v) => {
      const bytes = Buffer.alloc(8);
      bytes.writeBigInt64BE(BigInt(v));
      return bytes.toString("hex");
    })
    .join("");

describe("BinaryCopyWriter", () => {
  it("writes integers, text, arrays, floats, nulls and bytea as PostgreSQL reads them, in whole-row chunks", async () => {
    const n = 20_000;
    const out = new BinaryCopyWriter();
    for (let i = 0; i < n; i++) {
      const r = rowOf(i);
      out.row(
        COLUMNS.length + 1,
        2 * room.int4 +
          room.int8 +
          room.text(r.c) +
          room.int8Array(r.d.length) +
          room.float8 +
          room.int32Bytes(r.f.length) +
          room.int64Bytes(r.g.length) +
          room.int4Array(r.h.length) +
          room.int8,
      );
      out.int4(i);
      out.int4(r.a);
      out.int8(r.b);
      out.text(r.c);
      out.int8Array(r.d);
      if (r.e === null) out.null();
      else out.float8(r.e);
      out.int32Bytes(r.f);
      out.int64Bytes(r.g);
      out.int4Array(r.h);
      if (r.i === null) out.null();
      else out.int8(r.i);
    }
    const chunks = out.flush();
    // More than one chunk: on PGlite each is a COPY of its own, so each must hold whole rows.
    expect(chunks.length).toBeGreaterThan(1);
    await database.db.transaction((tx) => copyBytes("binary_probe", ["n", ...COLUMNS], chunks, tx, "binary"));
    const { rows } = await database.executeSql(`select n, a, b::text as b, c, d::text[] as d, e,
      encode(f, 'hex') as f, encode(g, 'hex') as g, h, i::text as i from binary_probe order by n`);
    expect(rows).toHaveLength(n);
    const expected = Array.from({ length: n }, (_, i) => {
      const r = rowOf(i);
      return {
        n: i,
        a: r.a,
        b: String(r.b),
        c: r.c,
        d: r.d.map(String),
        e: r.e,
        f: hex32(r.f),
        g: hex64(r.g),
        h: r.h,
        i: r.i === null ? null : String(r.i),
      };
    });
    expect(rows).toEqual(expected);
  });

  it("writes text arrays and bytea of raw 8-byte integers and doubles (report_records' blocks)", async () => {
    await database.executeSql("create table block_probe (n integer, ids text[], v bytea)");
    const n = 3_000;
    const idsOf = (i: number) =>
      Array.from({ length: i % 7 }, (_, k) => `${texts[(i + k) % texts.length]}"{,}${k}`);
    const numbersOf = (i: number) => [i, -i * 1000000007, 2 ** 53 - 1 - i, -(2 ** 53 - 1)];
    const doubleOf = (i: number) => (i % 3 === 0 ? Number.NaN : i / 7 - 100);
    const out = new BinaryCopyWriter();
    for (let i = 0; i < n; i++) {
      const ids = idsOf(i);
      out.row(3, room.int4 + room.textArray(ids) + room.bytea(40));
      out.int4(i);
      out.textArray(ids);
      out.byteaStart(40);
      for (const v of numbersOf(i)) out.rawInt64(v);
      out.rawFloat64(doubleOf(i));
    }
    await database.db.transaction((tx) =>
      copyBytes("block_probe", ["n", "ids", "v"], out.flush(), tx, "binary"),
    );
    const { rows } =
      await database.executeSql(`select n, ids, encode(substring(v from 1 for 32), 'hex') as ints,
      float8send(float8 'NaN') = substring(v from 33 for 8) as nan, v from block_probe order by n`);
    expect(rows).toHaveLength(n);
    for (const [i, row] of rows.entries()) {
      expect(row.ids).toEqual(idsOf(i));
      expect(row.ints).toBe(hex64(numbersOf(i)));
      const bytes = row.v as Uint8Array;
      const last = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getFloat64(32);
      if (i % 3 === 0) {
        expect(row.nan).toBe(true);
        expect(last).toBeNaN();
      } else expect(last).toBe(doubleOf(i));
    }
  });
});
