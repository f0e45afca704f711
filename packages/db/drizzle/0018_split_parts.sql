-- report_splits: a row per (first-level record, part) -> a row per first-level record, its parts in
-- columns: record2_nos (4-byte big-endian, ascending), values (8-byte big-endian minor units,
-- measure by measure), and for records whose parts were not all kept the totals and counts that
-- the old row numbered -1 held. Existing runs' splits are converted.
ALTER TABLE "report_splits" RENAME TO "report_splits_rows";--> statement-breakpoint
ALTER INDEX "report_splits_idx" RENAME TO "report_splits_rows_idx";--> statement-breakpoint
CREATE TABLE "report_splits" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"dimension2_id" integer NOT NULL,
	"record_no" integer NOT NULL,
	"parts" integer NOT NULL,
	"record2_nos" bytea NOT NULL,
	"values" bytea NOT NULL,
	"totals" bigint[],
	"counts" integer[]
);--> statement-breakpoint
ALTER TABLE "report_splits" ALTER COLUMN "record2_nos" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "report_splits" ALTER COLUMN "values" SET STORAGE EXTERNAL;--> statement-breakpoint
INSERT INTO "report_splits" ("company_id", "calculation_id", "dimension_id", "dimension2_id", "record_no", "parts", "record2_nos", "values", "totals", "counts")
SELECT g."company_id", g."calculation_id", g."dimension_id", g."dimension2_id", g."record_no",
	(SELECT count(*) FROM "report_splits_rows" p WHERE (p."company_id", p."calculation_id", p."dimension_id", p."dimension2_id", p."record_no") = (g."company_id", g."calculation_id", g."dimension_id", g."dimension2_id", g."record_no") AND p."record2_no" >= 0),
	coalesce((SELECT string_agg(int4send(p."record2_no"), ''::bytea ORDER BY p."record2_no") FROM "report_splits_rows" p WHERE (p."company_id", p."calculation_id", p."dimension_id", p."dimension2_id", p."record_no") = (g."company_id", g."calculation_id", g."dimension_id", g."dimension2_id", g."record_no") AND p."record2_no" >= 0), ''::bytea),
	coalesce((SELECT string_agg(int8send(coalesce(p."values"[m], 0)), ''::bytea ORDER BY m, p."record2_no") FROM "report_splits_rows" p CROSS JOIN generate_series(1, g."width") AS m WHERE (p."company_id", p."calculation_id", p."dimension_id", p."dimension2_id", p."record_no") = (g."company_id", g."calculation_id", g."dimension_id", g."dimension2_id", g."record_no") AND p."record2_no" >= 0), ''::bytea),
	(SELECT t."values" FROM "report_splits_rows" t WHERE (t."company_id", t."calculation_id", t."dimension_id", t."dimension2_id", t."record_no") = (g."company_id", g."calculation_id", g."dimension_id", g."dimension2_id", g."record_no") AND t."record2_no" = -1 LIMIT 1),
	(SELECT t."counts" FROM "report_splits_rows" t WHERE (t."company_id", t."calculation_id", t."dimension_id", t."dimension2_id", t."record_no") = (g."company_id", g."calculation_id", g."dimension_id", g."dimension2_id", g."record_no") AND t."record2_no" = -1 LIMIT 1)
FROM (
	SELECT "company_id", "calculation_id", "dimension_id", "dimension2_id", "record_no", max(array_length("values", 1)) AS "width"
	FROM "report_splits_rows"
	GROUP BY "company_id", "calculation_id", "dimension_id", "dimension2_id", "record_no"
) g;--> statement-breakpoint
DROP TABLE "report_splits_rows";--> statement-breakpoint
CREATE INDEX "report_splits_idx" ON "report_splits" USING btree ("company_id","calculation_id","dimension_id","dimension2_id","record_no");
