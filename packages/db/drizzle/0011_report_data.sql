CREATE TABLE "report_dimensions" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"dimension_code" text NOT NULL,
	"records" integer NOT NULL,
	"columns" text[] NOT NULL,
	"totals" bigint[] NOT NULL,
	"lines" jsonb NOT NULL,
	"profit_line" text NOT NULL,
	"revenue_line" text NOT NULL,
	"profit_total" bigint NOT NULL,
	"cost_total" bigint NOT NULL,
	"whale" jsonb NOT NULL,
	"activities" jsonb NOT NULL,
	CONSTRAINT "report_dimensions_pkey" PRIMARY KEY("company_id","calculation_id","dimension_id")
);
--> statement-breakpoint
CREATE TABLE "report_orders" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"key" text NOT NULL,
	"block_no" integer NOT NULL,
	"block_size" integer NOT NULL,
	"nos" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_records" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"record_no" integer NOT NULL,
	"identifier" text NOT NULL,
	"values" bigint[] NOT NULL,
	"profit" bigint NOT NULL,
	"cost" bigint NOT NULL,
	"margin" double precision
);
--> statement-breakpoint
CREATE TABLE "report_splits" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"dimension2_id" integer NOT NULL,
	"record_no" integer NOT NULL,
	"record2_no" integer NOT NULL,
	"values" bigint[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_orders_idx" ON "report_orders" USING btree ("company_id","calculation_id","dimension_id","key","block_no");--> statement-breakpoint
CREATE INDEX "report_records_idx" ON "report_records" USING btree ("company_id","calculation_id","dimension_id","record_no");--> statement-breakpoint
CREATE INDEX "report_splits_idx" ON "report_splits" USING btree ("company_id","calculation_id","dimension_id","dimension2_id","record_no");
--> statement-breakpoint
-- Block arrays are read whole or sliced; stored uncompressed so a slice reads only its pages.
ALTER TABLE "report_orders" ALTER COLUMN "nos" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- The report data goes with its calculation (no foreign keys: see schema/report-data.ts).
CREATE FUNCTION "report_data_cleanup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "report_dimensions" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "report_records" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "report_orders" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	DELETE FROM "report_splits" WHERE "company_id" = OLD."company_id" AND "calculation_id" = OLD."id";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "report_data_cleanup" AFTER DELETE ON "calculations"
	FOR EACH ROW EXECUTE FUNCTION "report_data_cleanup"();
