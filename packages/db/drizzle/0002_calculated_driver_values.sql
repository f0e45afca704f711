CREATE TABLE "calculated_driver_totals" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"calculated_driver_id" integer NOT NULL,
	"sum_value" double precision NOT NULL,
	"records" integer NOT NULL,
	CONSTRAINT "calculated_driver_totals_pk" PRIMARY KEY("calculation_id","calculated_driver_id")
);
--> statement-breakpoint
CREATE TABLE "calculated_driver_values" (
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"calculated_driver_id" integer NOT NULL,
	"record_id" bigint NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "calculated_driver_values_pk" PRIMARY KEY("calculation_id","calculated_driver_id","record_id")
);
--> statement-breakpoint
ALTER TABLE "calculated_driver_totals" ADD CONSTRAINT "calculated_driver_totals_calculation_fk" FOREIGN KEY ("company_id","calculation_id") REFERENCES "public"."calculations"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculated_driver_totals" ADD CONSTRAINT "calculated_driver_totals_driver_fk" FOREIGN KEY ("company_id","calculated_driver_id") REFERENCES "public"."calculated_drivers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculated_driver_values" ADD CONSTRAINT "calculated_driver_values_calculation_fk" FOREIGN KEY ("company_id","calculation_id") REFERENCES "public"."calculations"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculated_driver_values" ADD CONSTRAINT "calculated_driver_values_driver_fk" FOREIGN KEY ("company_id","calculated_driver_id") REFERENCES "public"."calculated_drivers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calculated_driver_values_company_idx" ON "calculated_driver_values" USING btree ("company_id","calculation_id");--> statement-breakpoint
-- Written by hand (the table's schema file is not ours): record lists search identifiers by a case-insensitive prefix through this index (docs/performance.md, "Lists").
CREATE INDEX "dimension_records_search_idx" ON "dimension_records" USING btree ("company_id","scenario_id","dimension_id",lower("identifier") text_pattern_ops);
