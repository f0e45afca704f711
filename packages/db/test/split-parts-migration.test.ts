import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../src/migrate.ts";

// Migration 0018 turns report_splits' row per (record, part) into a row per record with its parts
// in columns; the splits of runs calculated before it must read the same afterwards.

const int64s = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: bytes.byteLength / 8 }, (_, i) => Number(view.getBigInt64(8 * i)));
};
const int32s = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: bytes.byteLength / 4 }, (_, i) => view.getInt32(4 * i));
};

describe("migration 0018 (report_splits, a row per first-level record)", () => {
  it("converts the parts of every record, measure by measure, and keeps the totals row's figures", async () => {
    const db = new PGlite();
    try {
      // report_splits as migrations 0011 and 0016 left it.
      await db.exec(`
        CREATE TABLE "report_splits" ("company_id" integer NOT NULL, "calculation_id" integer NOT NULL,
          "dimension_id" integer NOT NULL, "dimension2_id" integer NOT NULL, "record_no" integer NOT NULL,
          "record2_no" integer NOT NULL, "values" bigint[] NOT NULL, "counts" integer[]);
        CREATE INDEX "report_splits_idx" ON "report_splits" ("company_id","calculation_id","dimension_id","dimension2_id","record_no");
        INSERT INTO "report_splits" VALUES
          (1, 7, 2, 3, 0, 5, '{10,-20,30}', null),
          (1, 7, 2, 3, 0, 1, '{1,2,-3000000000000}', null),
          (1, 7, 2, 3, 1, 4, '{4,5,6}', null),
          (1, 7, 2, 3, 1, -1, '{100,200,300}', '{9,8,7}'),
          (2, 8, 2, 3, 0, 0, '{-1,0,1}', null);`);
      const sql = readFileSync(join(MIGRATIONS_FOLDER, "0018_split_parts.sql"), "utf8");
      for (const statement of sql.split("--> statement-breakpoint")) await db.exec(statement);
      const { rows } = await db.query<{
        company_id: number;
        record_no: number;
        parts: number;
        record2_nos: Uint8Array;
        values: Uint8Array;
        totals: number[] | null;
        counts: number[] | null;
      }>(
        `select company_id, record_no, parts, record2_nos, "values", totals, counts from report_splits
         order by company_id, record_no`,
      );
      expect(
        rows.map((r) => ({
          company: r.company_id,
          record: r.record_no,
          parts: r.parts,
          nos: int32s(r.record2_nos),
          values: int64s(r.values),
          totals: r.totals?.map(Number) ?? null,
          counts: r.counts,
        })),
      ).toEqual([
        // Parts in ascending record2_no; values measure by measure: (1, 5) of measure 1, then 2, 3.
        {
          company: 1,
          record: 0,
          parts: 2,
          nos: [1, 5],
          values: [1, 10, 2, -20, -3000000000000, 30],
          totals: null,
          counts: null,
        },
        {
          company: 1,
          record: 1,
          parts: 1,
          nos: [4],
          values: [4, 5, 6],
          totals: [100, 200, 300],
          counts: [9, 8, 7],
        },
        { company: 2, record: 0, parts: 1, nos: [0], values: [-1, 0, 1], totals: null, counts: null },
      ]);
      const { rows: indexes } = await db.query<{ indexname: string }>(
        "select indexname from pg_indexes where tablename = 'report_splits'",
      );
      expect(indexes.map((i) => i.indexname)).toEqual(["report_splits_idx"]);
    } finally {
      await db.close();
    }
  });
});
