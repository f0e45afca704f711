ALTER TABLE "notifications" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;