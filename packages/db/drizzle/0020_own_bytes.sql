-- result_vectors.bytes: a record's own detail (kind OWN) packed into bytes instead of two arrays
-- (apps/api/src/worker/result-rows.ts, writeOwnDetail): one entry of 17 bytes per non-zero amount
-- (kind code, source_no, parent record_no, amount; big-endian), against a bigint element and three
-- integer elements, each read by PostgreSQL one by one (at size L, 22 million entries, 760 MB of
-- COPY), and the record numbers of an ordering's blocks (4 bytes each, a page reads a slice).
-- Runs written before keep their arrays: the readers fall back to them.
ALTER TABLE "result_vectors" ADD COLUMN "bytes" bytea;--> statement-breakpoint
ALTER TABLE "result_vectors" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;--> statement-breakpoint
-- Where the server has lz4 (not PGlite), compressed with it, as report_records' values (0019).
DO $$
BEGIN
	ALTER TABLE "result_vectors" ALTER COLUMN "bytes" SET COMPRESSION lz4;
	ALTER TABLE "result_vectors" ALTER COLUMN "bytes" SET STORAGE EXTENDED;
EXCEPTION WHEN feature_not_supported THEN
	NULL;
END $$;
