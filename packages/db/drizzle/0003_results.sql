CREATE TABLE "calculation_results" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"currency" text NOT NULL,
	"minor_digits" smallint NOT NULL,
	"gl_total" bigint NOT NULL,
	"detail_limit" integer NOT NULL,
	"summary_gz" "bytea",
	"validation" jsonb,
	"sankey" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calculation_results_pkey" PRIMARY KEY("company_id","calculation_id")
);
--> statement-breakpoint
CREATE TABLE "result_allocations" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"row_no" integer NOT NULL,
	"source_id" integer,
	"source_code" text NOT NULL,
	"source_name" text NOT NULL,
	"destination_id" integer,
	"destination_code" text NOT NULL,
	"destination_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"original_amount" bigint NOT NULL,
	"allocated_amount" bigint NOT NULL,
	"status" text NOT NULL,
	"reciprocal" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_lines" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"source_no" integer NOT NULL,
	"category" text NOT NULL,
	"dimension_id" integer,
	"record_no" integer NOT NULL,
	"identifier" text NOT NULL,
	"parent_identifier" text,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_pushes" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"push_no" integer NOT NULL,
	"source_id" integer,
	"source_code" text NOT NULL,
	"source_name" text NOT NULL,
	"parent_id" integer,
	"parent_name" text NOT NULL,
	"child_id" integer,
	"child_name" text NOT NULL,
	"split" text NOT NULL,
	"in_amount" bigint NOT NULL,
	"allocated" bigint NOT NULL,
	"unallocated" bigint NOT NULL,
	"not_allocated" bigint NOT NULL,
	"child_detail" boolean NOT NULL,
	"parent_detail" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_records" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"dimension_id" integer,
	"record_no" integer NOT NULL,
	"identifier" text NOT NULL,
	"resting" bigint NOT NULL,
	"cost" bigint NOT NULL,
	"unallocated" bigint NOT NULL,
	"not_allocated" bigint NOT NULL,
	"profit" double precision
);
--> statement-breakpoint
CREATE TABLE "result_sources" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"row_no" integer NOT NULL,
	"source_id" integer,
	"source_code" text NOT NULL,
	"source_name" text NOT NULL,
	"original_amount" bigint NOT NULL,
	"allocated_amount" bigint NOT NULL,
	"unallocated_amount" bigint NOT NULL,
	"status" text NOT NULL,
	"percentage" double precision NOT NULL,
	"destination_id" integer,
	"destination_name" text,
	"quantity" double precision,
	"cost_per_unit" double precision
);
--> statement-breakpoint
CREATE TABLE "result_time_driven" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"source_id" integer,
	"source_name" text NOT NULL,
	"destination_id" integer,
	"destination_name" text NOT NULL,
	"unit_minutes" double precision NOT NULL,
	"quantity" double precision NOT NULL,
	"capacity" double precision NOT NULL,
	"cost_per_minute" double precision NOT NULL,
	"cost_per_unit" double precision NOT NULL,
	"unallocated_capacity" double precision NOT NULL,
	"total_cost" bigint NOT NULL,
	"source_capacity" double precision NOT NULL,
	"time_driven_amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_unallocated" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"push_no" integer NOT NULL,
	"record_no" integer NOT NULL,
	"identifier" text NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "result_allocations_idx" ON "result_allocations" USING btree ("company_id","calculation_id","step","row_no");--> statement-breakpoint
CREATE INDEX "result_lines_idx" ON "result_lines" USING btree ("company_id","calculation_id","step","category","source_no","record_no");--> statement-breakpoint
CREATE INDEX "result_pushes_idx" ON "result_pushes" USING btree ("company_id","calculation_id","step","push_no");--> statement-breakpoint
CREATE INDEX "result_records_idx" ON "result_records" USING btree ("company_id","calculation_id","dimension_id","record_no");--> statement-breakpoint
CREATE INDEX "result_sources_idx" ON "result_sources" USING btree ("company_id","calculation_id","step","row_no");--> statement-breakpoint
CREATE INDEX "result_time_driven_idx" ON "result_time_driven" USING btree ("company_id","calculation_id","row_no");--> statement-breakpoint
CREATE INDEX "result_unallocated_idx" ON "result_unallocated" USING btree ("company_id","calculation_id","step","push_no","record_no");--> statement-breakpoint
-- Result rows have no foreign keys (COPY speed, see src/schema/results.ts): a deleted calculation
-- (directly, or with its scenario, model or company) takes its result rows with it here.
CREATE FUNCTION "calculation_results_cleanup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "calculation_results" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "result_allocations" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "result_sources" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "result_time_driven" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "result_pushes" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "result_lines" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "result_unallocated" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "result_records" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "calculation_results_cleanup" AFTER DELETE ON "calculations"
	FOR EACH ROW EXECUTE FUNCTION "calculation_results_cleanup"();
