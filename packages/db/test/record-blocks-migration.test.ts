import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../src/migrate.ts";
import { RECORD_BLOCK, recordsOf } from "../src/repositories/report-data/record-blocks.ts";
import { createTestDatabase } from "../src/test-database.ts";

// Migration 0019 turns report_records' row per record into a row per block of RECORD_BLOCK
// records; the records of runs calculated before it must read the same afterwards, through the
// decoder the readers use.

describe("migration 0019 (report_records, a row per block of records)", () => {
  it("converts every record of every run into its block, in record order, with its figures", async () => {
    const db = new PGlite();
    try {
      // report_records as migrations 0011 and 0015 left it, and the dimension rows naming the columns.
      await db.exec(`
        CREATE TABLE "report_dimensions" ("company_id" integer NOT NULL, "calculation_id" integer NOT NULL,
          "dimension_id" integer NOT NULL, "columns" text[] NOT NULL);
        CREATE TABLE "report_records" ("company_id" integer NOT NULL, "calculation_id" integer NOT NULL,
          "dimension_id" integer NOT NULL, "record_no" integer NOT NULL, "identifier" text NOT NULL,
          "values" bigint[] NOT NULL, "profit" bigint NOT NULL, "cost" bigint NOT NULL,
          "margin" double precision, "unallocated" bigint);
        CREATE INDEX "report_records_idx" ON "report_records" ("company_id","calculation_id","dimension_id","record_no");
        INSERT INTO "report_dimensions" VALUES (1, 7, 2, '{line:REV,line:NET}'), (2, 8, 2, '{}');
        INSERT INTO "report_records"
          SELECT 1, 7, 2, g, 'C' || lpad(g::text, 4, '0'), array[g * 100, -3000000000000 + g], g - 5, 7 * g,
            CASE WHEN g % 3 = 0 THEN NULL ELSE g / 4.0 END, CASE WHEN g = 1 THEN NULL ELSE g END
          FROM generate_series(0, 300) g;
        INSERT INTO "report_records" VALUES (2, 8, 2, 0, 'only', '{}', -1, 2, NULL, 0);`);
      const sql = readFileSync(join(MIGRATIONS_FOLDER, "0019_record_blocks.sql"), "utf8");
      for (const statement of sql.split("--> statement-breakpoint")) await db.exec(statement);
      const { rows } = await db.query<{
        company_id: number;
        block_no: number;
        records: number;
        record_bytes: number;
        first_identifier: string;
        identifiers: string[];
        values: Uint8Array;
      }>(
        `select company_id, block_no, records, record_bytes, first_identifier, identifiers, "values"
         from report_records order by company_id, block_no`,
      );
      expect(
        rows.map((r) => [r.company_id, r.block_no, r.records, r.record_bytes, r.first_identifier]),
      ).toEqual([
        [1, 0, RECORD_BLOCK, 8 * 6, "C0000"],
        [1, 1, 301 - RECORD_BLOCK, 8 * 6, "C0256"],
        [2, 0, 1, 8 * 4, "only"],
      ]);
      const decoded = rows.map((r) =>
        recordsOf(
          new DataView(r.values.buffer, r.values.byteOffset, r.values.byteLength),
          r.record_bytes,
          r.block_no * RECORD_BLOCK,
          r.identifiers,
        ),
      );
      const first = [...decoded[0]!, ...decoded[1]!];
      expect(first).toHaveLength(301);
      for (const [g, record] of first.entries()) {
        expect(record).toEqual({
          recordNo: g,
          identifier: `C${String(g).padStart(4, "0")}`,
          values: [g * 100, -3000000000000 + g],
          profit: g - 5,
          cost: 7 * g,
          margin: g % 3 === 0 ? null : g / 4,
          unallocated: g === 1 ? 0 : g,
        });
      }
      expect(decoded[2]).toEqual([
        { recordNo: 0, identifier: "only", values: [], profit: -1, cost: 2, margin: null, unallocated: 0 },
      ]);
      const { rows: indexes } = await db.query<{ indexname: string }>(
        "select indexname from pg_indexes where tablename = 'report_records'",
      );
      expect(indexes.map((i) => i.indexname)).toEqual(["report_records_idx"]);
    } finally {
      await db.close();
    }
  });

  it("compresses the blocks with lz4 where the server has it (PostgreSQL), else keeps them uncompressed (PGlite)", async () => {
    const database = await createTestDatabase();
    try {
      const { rows } = await database.executeSql(
        `select c.relname || '.' || a.attname as "column", a.attstorage as storage, a.attcompression as compression
         from pg_attribute a join pg_class c on c.oid = a.attrelid
         where c.oid in ('report_records'::regclass, 'report_splits'::regclass)
           and a.attname in ('values', 'identifiers') order by 1`,
      );
      const lz4 = database.driver === "postgres";
      expect(rows).toEqual([
        { column: "report_records.identifiers", storage: "x", compression: lz4 ? "l" : "" },
        { column: "report_records.values", storage: lz4 ? "x" : "e", compression: lz4 ? "l" : "" },
        { column: "report_splits.values", storage: lz4 ? "x" : "e", compression: lz4 ? "l" : "" },
      ]);
    } finally {
      await database.close();
    }
  });
});
