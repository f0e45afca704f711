-- report_records: a row per record -> a row per block of 256 records (RECORD_BLOCK,
-- repositories/report-data/record-blocks.ts): the identifiers as text[], and the records' values
-- one after the other in a bytea, record_bytes each (the dimension's columns as 8-byte big-endian
-- minor units, then profit, cost, unallocated, then margin % as an 8-byte double, NaN for none).
-- Existing runs' records are converted; their unallocated, null before 0015, becomes 0.
ALTER TABLE "report_records" RENAME TO "report_records_rows";--> statement-breakpoint
ALTER INDEX "report_records_idx" RENAME TO "report_records_rows_idx";--> statement-breakpoint
CREATE TABLE "report_records" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"block_no" integer NOT NULL,
	"records" integer NOT NULL,
	"record_bytes" integer NOT NULL,
	"first_identifier" text NOT NULL,
	"identifiers" text[] NOT NULL,
	"values" bytea NOT NULL
);--> statement-breakpoint
ALTER TABLE "report_records" ALTER COLUMN "values" SET STORAGE EXTERNAL;--> statement-breakpoint
-- Where the server has lz4 (PostgreSQL built with it; not PGlite), the records' values, their
-- identifiers and the splits' values are compressed with it: PostgreSQL takes the blocks in a
-- quarter faster (fewer TOAST chunks and WAL), and a block (at most 256 records) decompresses in
-- microseconds when one record is read. Elsewhere the values stay uncompressed (pglz took three
-- times as long as no compression) and the identifiers as they were.
DO $$
BEGIN
	ALTER TABLE "report_records" ALTER COLUMN "values" SET COMPRESSION lz4;
	ALTER TABLE "report_records" ALTER COLUMN "values" SET STORAGE EXTENDED;
	ALTER TABLE "report_records" ALTER COLUMN "identifiers" SET COMPRESSION lz4;
	ALTER TABLE "report_splits" ALTER COLUMN "values" SET COMPRESSION lz4;
	ALTER TABLE "report_splits" ALTER COLUMN "values" SET STORAGE EXTENDED;
EXCEPTION WHEN feature_not_supported THEN
	NULL;
END $$;--> statement-breakpoint
INSERT INTO "report_records" ("company_id", "calculation_id", "dimension_id", "block_no", "records", "record_bytes", "first_identifier", "identifiers", "values")
SELECT r."company_id", r."calculation_id", r."dimension_id", r."record_no" / 256, count(*)::int, 8 * (w."width" + 4),
	(array_agg(r."identifier" ORDER BY r."record_no"))[1],
	array_agg(r."identifier" ORDER BY r."record_no"),
	string_agg(
		coalesce((SELECT string_agg(int8send(coalesce(r."values"[m], 0)), ''::bytea ORDER BY m) FROM generate_series(1, w."width") AS m), ''::bytea)
			|| int8send(r."profit") || int8send(r."cost") || int8send(coalesce(r."unallocated", 0))
			|| float8send(coalesce(r."margin", 'NaN'::float8)),
		''::bytea ORDER BY r."record_no")
FROM "report_records_rows" r
JOIN (
	SELECT "company_id", "calculation_id", "dimension_id", coalesce(array_length("columns", 1), 0) AS "width"
	FROM "report_dimensions"
) w ON w."company_id" = r."company_id" AND w."calculation_id" = r."calculation_id" AND w."dimension_id" = r."dimension_id"
GROUP BY r."company_id", r."calculation_id", r."dimension_id", r."record_no" / 256, w."width";--> statement-breakpoint
DROP TABLE "report_records_rows";--> statement-breakpoint
CREATE INDEX "report_records_idx" ON "report_records" USING btree ("company_id","calculation_id","dimension_id","block_no");
