CREATE TABLE "pdf_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pdf_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'REPORT' NOT NULL,
	"orientation" text DEFAULT 'portrait' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pdf_reports_type_check" CHECK (type in ('REPORT', 'SUMMARY')),
	CONSTRAINT "pdf_reports_orientation_check" CHECK (orientation in ('portrait', 'landscape'))
);
--> statement-breakpoint
ALTER TABLE "pdf_reports" ADD CONSTRAINT "pdf_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_reports" ADD CONSTRAINT "pdf_reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pdf_reports_company_owner_idx" ON "pdf_reports" USING btree ("company_id","owner_id","id");--> statement-breakpoint
CREATE INDEX "pdf_reports_company_shared_idx" ON "pdf_reports" USING btree ("company_id","id") WHERE "pdf_reports"."shared";