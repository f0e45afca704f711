ALTER TABLE "export_files" DROP CONSTRAINT "export_files_status_check";--> statement-breakpoint
ALTER TABLE "export_files" ALTER COLUMN "status" SET DEFAULT 'PROCESSING';--> statement-breakpoint
ALTER TABLE "export_files" ADD COLUMN "progress" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "export_files" ADD COLUMN "stop_requested" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "export_files" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "export_files" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "export_files_scenario_idx" ON "export_files" USING btree ("company_id","scenario_id","requested_at");--> statement-breakpoint
UPDATE "export_files" SET "status" = CASE "status" WHEN 'FINISHED' THEN 'PROCESSED' WHEN 'ERROR' THEN 'ERROR' ELSE 'ERROR' END, "error" = CASE WHEN "status" IN ('REQUESTED', 'PROCESSING') THEN 'worker_lost' ELSE "error" END WHERE "status" <> 'ERROR';--> statement-breakpoint
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_status_check" CHECK ("export_files"."status" in ('PROCESSING', 'PROCESSED', 'ERROR'));