ALTER TABLE "report_records" ADD COLUMN "unallocated" bigint;--> statement-breakpoint
ALTER TABLE "calculation_results" ADD COLUMN "summary_head" text;