CREATE TABLE "result_vectors" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"source_no" integer NOT NULL,
	"kind" text NOT NULL,
	"dimension_id" integer,
	"amounts" bigint[] NOT NULL,
	"links" integer[]
);
--> statement-breakpoint
CREATE INDEX "result_vectors_idx" ON "result_vectors" USING btree ("company_id","calculation_id","step","kind","source_no");--> statement-breakpoint
-- Detail arrays are written once and sliced when read: no compression on the way in.
ALTER TABLE "result_vectors" ALTER COLUMN "amounts" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "result_vectors" ALTER COLUMN "links" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- The clean-up trigger of 0003, with result_vectors in place of result_lines.
CREATE OR REPLACE FUNCTION "calculation_results_cleanup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "calculation_results" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "result_allocations" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "result_sources" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "result_time_driven" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "result_pushes" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "result_vectors" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "result_unallocated" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "result_records" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	RETURN NULL;
END
$$;
