ALTER TABLE "upload_processes" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upload_processes" ADD COLUMN "lease_until" timestamp with time zone;