CREATE TABLE "account_allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"destination_id" integer NOT NULL,
	"type" text DEFAULT 'PERCENTAGE' NOT NULL,
	"ratio" numeric(12, 6) DEFAULT '1' NOT NULL,
	"driver_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_allocations_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "account_allocations_type_check" CHECK ("account_allocations"."type" in ('PERCENTAGE', 'DRIVER')),
	CONSTRAINT "account_allocations_ratio_check" CHECK ("account_allocations"."ratio" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "activity_allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"destination_id" integer NOT NULL,
	"split_type" text DEFAULT 'EVEN' NOT NULL,
	"allocation_driver_id" integer,
	"equation" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_allocations_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "activity_allocations_source_key" UNIQUE("company_id","scenario_id","source_id"),
	CONSTRAINT "activity_allocations_split_check" CHECK ("activity_allocations"."split_type" in ('EVEN', 'DRIVER', 'FORMULA'))
);
--> statement-breakpoint
CREATE TABLE "calculated_driver_allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calculated_driver_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"source_driver_id" integer NOT NULL,
	"source_parent_id" integer NOT NULL,
	"destination_child_id" integer NOT NULL,
	"split_type" text DEFAULT 'NOT_ALLOCATE' NOT NULL,
	"allocation_driver_id" integer,
	"equation" text DEFAULT 'NOT_ALLOCATE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calculated_driver_allocations_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "calculated_driver_allocations_key" UNIQUE("company_id","scenario_id","source_driver_id","source_parent_id"),
	CONSTRAINT "calculated_driver_allocations_split_check" CHECK ("calculated_driver_allocations"."split_type" in ('NOT_ALLOCATE', 'EVEN', 'DRIVER', 'FORMULA'))
);
--> statement-breakpoint
CREATE TABLE "cost_pool_allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cost_pool_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"destination_id" integer NOT NULL,
	"type" text DEFAULT 'PERCENTAGE' NOT NULL,
	"ratio" numeric(12, 6) DEFAULT '1' NOT NULL,
	"driver_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_pool_allocations_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "cost_pool_allocations_type_check" CHECK ("cost_pool_allocations"."type" in ('PERCENTAGE', 'DRIVER')),
	CONSTRAINT "cost_pool_allocations_ratio_check" CHECK ("cost_pool_allocations"."ratio" between 0 and 1),
	CONSTRAINT "cost_pool_allocations_not_self_check" CHECK ("cost_pool_allocations"."source_id" <> "cost_pool_allocations"."destination_id")
);
--> statement-breakpoint
CREATE TABLE "dimension_allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dimension_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"source_activity_id" integer NOT NULL,
	"source_parent_id" integer NOT NULL,
	"destination_child_id" integer NOT NULL,
	"split_type" text DEFAULT 'NOT_ALLOCATE' NOT NULL,
	"allocation_driver_id" integer,
	"equation" text DEFAULT 'NOT_ALLOCATE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dimension_allocations_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "dimension_allocations_key" UNIQUE("company_id","scenario_id","source_activity_id","source_parent_id"),
	CONSTRAINT "dimension_allocations_split_check" CHECK ("dimension_allocations"."split_type" in ('NOT_ALLOCATE', 'EVEN', 'DRIVER', 'FORMULA'))
);
--> statement-breakpoint
CREATE TABLE "direct_allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "direct_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"destination_id" integer NOT NULL,
	"type" text DEFAULT 'PERCENTAGE' NOT NULL,
	"ratio" numeric(12, 6) DEFAULT '1' NOT NULL,
	"tdabc_ratio" numeric,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_allocations_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "direct_allocations_ratio_check" CHECK ("direct_allocations"."ratio" between 0 and 1),
	CONSTRAINT "direct_allocations_tdabc_check" CHECK ("direct_allocations"."tdabc_ratio" is null or "direct_allocations"."tdabc_ratio" >= 0)
);
--> statement-breakpoint
CREATE TABLE "calculation_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calculation_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"calculation_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text DEFAULT 'INFO' NOT NULL,
	"detail" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calculations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calculations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"parent_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"requested_by" integer,
	"task_id" text,
	"lease_until" timestamp with time zone,
	"progress" numeric DEFAULT '0' NOT NULL,
	"progress_message" text DEFAULT '' NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" jsonb,
	"duration_ms" bigint,
	CONSTRAINT "calculations_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "calculations_uuid_key" UNIQUE("uuid"),
	CONSTRAINT "calculations_status_check" CHECK ("calculations"."status" in ('REQUESTED', 'IN_PROGRESS', 'FINISHED', 'ERROR', 'STOPPED', 'ATTEMPTING_TO_STOP'))
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_tdabc" boolean DEFAULT false NOT NULL,
	"cost_pool_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "activities_model_code_key" UNIQUE("company_id","model_id","code")
);
--> statement-breakpoint
CREATE TABLE "calculated_drivers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calculated_drivers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"name" text NOT NULL,
	"formula" text DEFAULT '=' NOT NULL,
	"type" text DEFAULT 'DECI' NOT NULL,
	"is_pnl_line" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calculated_drivers_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "calculated_drivers_dimension_name_key" UNIQUE("company_id","dimension_id","name")
);
--> statement-breakpoint
CREATE TABLE "cost_pool_drivers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cost_pool_drivers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"name" text NOT NULL,
	"display_type" text DEFAULT 'DECI' NOT NULL,
	"is_tdabc" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_pool_drivers_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "cost_pool_drivers_model_name_key" UNIQUE("company_id","model_id","name"),
	CONSTRAINT "cost_pool_drivers_type_check" CHECK ("cost_pool_drivers"."display_type" in ('DECI', 'TEXT', 'DATE')),
	CONSTRAINT "cost_pool_drivers_tdabc_deci_check" CHECK (not "cost_pool_drivers"."is_tdabc" or "cost_pool_drivers"."display_type" = 'DECI')
);
--> statement-breakpoint
CREATE TABLE "cost_pools" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cost_pools_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_direct" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_pools_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "cost_pools_model_code_key" UNIQUE("company_id","model_id","code")
);
--> statement-breakpoint
CREATE TABLE "dimension_drivers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dimension_drivers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"name" text NOT NULL,
	"data_type" text DEFAULT 'DECI' NOT NULL,
	"target_dimension_id" integer,
	"label" text,
	"is_pnl_line" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dimension_drivers_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "dimension_drivers_dimension_name_key" UNIQUE("company_id","dimension_id","name"),
	CONSTRAINT "dimension_drivers_type_check" CHECK ("dimension_drivers"."data_type" in ('DATE', 'TEXT', 'DECI', 'DIMENSION')),
	CONSTRAINT "dimension_drivers_target_check" CHECK (("dimension_drivers"."data_type" = 'DIMENSION') = ("dimension_drivers"."target_dimension_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "dimensions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dimensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dimensions_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "dimensions_model_code_key" UNIQUE("company_id","model_id","code")
);
--> statement-breakpoint
CREATE TABLE "financial_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "financial_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"expense_group" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financial_accounts_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "financial_accounts_model_code_key" UNIQUE("company_id","model_id","code")
);
--> statement-breakpoint
CREATE TABLE "report_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'ACT' NOT NULL,
	"activity_id" integer,
	"calculated_driver_id" integer,
	"dimension_id" integer,
	"formula" text DEFAULT '=' NOT NULL,
	"factor" integer DEFAULT 1 NOT NULL,
	"parent_id" integer,
	"rank" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_lines_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "report_lines_model_code_key" UNIQUE("company_id","model_id","code"),
	CONSTRAINT "report_lines_category_check" CHECK ("report_lines"."category" in ('ACT', 'DRI', 'FOR', 'AGG')),
	CONSTRAINT "report_lines_factor_check" CHECK ("report_lines"."factor" in (1, -1))
);
--> statement-breakpoint
CREATE TABLE "account_values" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"amount" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_values_scenario_account_key" UNIQUE("company_id","scenario_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "cost_pool_driver_values" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cost_pool_driver_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"pool_id" integer NOT NULL,
	"value" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_pool_driver_values_key" UNIQUE("company_id","scenario_id","driver_id","pool_id")
);
--> statement-breakpoint
CREATE TABLE "dimension_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dimension_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "dimension_records_identifier_key" UNIQUE("company_id","scenario_id","dimension_id","identifier")
);
--> statement-breakpoint
CREATE TABLE "export_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "export_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"scenario_id" integer,
	"model_id" integer,
	"kind" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"file_name" text,
	"content_type" text,
	"file_path" text,
	"size_bytes" bigint,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by" integer,
	"finished_at" timestamp with time zone,
	CONSTRAINT "export_files_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "export_files_status_check" CHECK ("export_files"."status" in ('REQUESTED', 'PROCESSING', 'FINISHED', 'ERROR'))
);
--> statement-breakpoint
CREATE TABLE "scenario_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scenario_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"step2_strategy" text DEFAULT 'not_allocate' NOT NULL,
	"iteration_stop" numeric DEFAULT '0' NOT NULL,
	"profit_line_code" text,
	CONSTRAINT "scenario_settings_scenario_key" UNIQUE("company_id","scenario_id"),
	CONSTRAINT "scenario_settings_strategy_check" CHECK ("scenario_settings"."step2_strategy" in ('not_allocate', 'rebalance')),
	CONSTRAINT "scenario_settings_iteration_check" CHECK ("scenario_settings"."iteration_stop" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "upload_processes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upload_processes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"kind" text NOT NULL,
	"dimension_id" integer,
	"mode" text DEFAULT 'MERGE' NOT NULL,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by" integer,
	"finished_at" timestamp with time zone,
	"progress" numeric DEFAULT '0' NOT NULL,
	"rows_total" integer,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"task_id" text,
	"stop_requested" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "upload_processes_company_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "upload_processes_mode_check" CHECK ("upload_processes"."mode" in ('MERGE', 'APPEND', 'REPLACE')),
	CONSTRAINT "upload_processes_status_check" CHECK ("upload_processes"."status" in ('PROCESSING', 'PROCESSED', 'ERROR', 'STOPPED'))
);
--> statement-breakpoint
ALTER TABLE "account_allocations" ADD CONSTRAINT "account_allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_allocations" ADD CONSTRAINT "account_allocations_scenario_fk" FOREIGN KEY ("company_id","scenario_id") REFERENCES "public"."scenarios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_allocations" ADD CONSTRAINT "account_allocations_source_fk" FOREIGN KEY ("company_id","source_id") REFERENCES "public"."financial_accounts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_allocations" ADD CONSTRAINT "account_allocations_destination_fk" FOREIGN KEY ("company_id","destination_id") REFERENCES "public"."cost_pools"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_allocations" ADD CONSTRAINT "account_allocations_driver_fk" FOREIGN KEY ("company_id","driver_id") REFERENCES "public"."cost_pool_drivers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_allocations" ADD CONSTRAINT "activity_allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_allocations" ADD CONSTRAINT "activity_allocations_scenario_fk" FOREIGN KEY ("company_id","scenario_id") REFERENCES "public"."scenarios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_allocations" ADD CONSTRAINT "activity_allocations_source_fk" FOREIGN KEY ("company_id","source_id") REFERENCES "public"."activities"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_allocations" ADD CONSTRAINT "activity_allocations_destination_fk" FOREIGN KEY ("company_id","destination_id") REFERENCES "public"."dimensions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_allocations" ADD CONSTRAINT "activity_allocations_driver_fk" FOREIGN KEY ("company_id","allocation_driver_id") REFERENCES "public"."dimension_drivers"("company_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculated_driver_allocations" ADD CONSTRAINT "calculated_driver_allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculated_driver_allocations" ADD CONSTRAINT "calculated_driver_allocations_scenario_fk" FOREIGN KEY ("company_id","scenario_id") REFERENCES "public"."scenarios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculated_driver_allocations" ADD CONSTRAINT "calculated_driver_allocations_driver_fk" FOREIGN KEY ("company_id","source_driver_id") REFERENCES "public"."calculated_drivers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculated_driver_allocations" ADD CONSTRAINT "calculated_driver_allocations_parent_fk" FOREIGN KEY ("company_id","source_parent_id") REFERENCES "public"."dimensions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculated_driver_allocations" ADD CONSTRAINT "calculated_driver_allocations_child_fk" FOREIGN KEY ("company_id","destination_child_id") REFERENCES "public"."dimensions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculated_driver_allocations" ADD CONSTRAINT "calculated_driver_allocations_alloc_driver_fk" FOREIGN KEY ("company_id","allocation_driver_id") REFERENCES "public"."dimension_drivers"("company_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_pool_allocations" ADD CONSTRAINT "cost_pool_allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_pool_allocations" ADD CONSTRAINT "cost_pool_allocations_scenario_fk" FOREIGN KEY ("company_id","scenario_id") REFERENCES "public"."scenarios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_pool_allocations" ADD CONSTRAINT "cost_pool_allocations_source_fk" FOREIGN KEY ("company_id","source_id") REFERENCES "public"."cost_pools"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_pool_allocations" ADD CONSTRAINT "cost_pool_allocations_destination_fk" FOREIGN KEY ("company_id","destination_id") REFERENCES "public"."cost_pools"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_pool_allocations" ADD CONSTRAINT "cost_pool_allocations_driver_fk" FOREIGN KEY ("company_id","driver_id") REFERENCES "public"."cost_pool_drivers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_allocations" ADD CONSTRAINT "dimension_allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_allocations" ADD CONSTRAINT "dimension_allocations_scenario_fk" FOREIGN KEY ("company_id","scenario_id") REFERENCES "public"."scenarios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_allocations" ADD CONSTRAINT "dimension_allocations_activity_fk" FOREIGN KEY ("company_id","source_activity_id") REFERENCES "public"."activities"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_allocations" ADD CONSTRAINT "dimension_allocations_parent_fk" FOREIGN KEY ("company_id","source_parent_id") REFERENCES "public"."dimensions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_allocations" ADD CONSTRAINT "dimension_allocations_child_fk" FOREIGN KEY ("company_id","destination_child_id") REFERENCES "public"."dimensions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_allocations" ADD CONSTRAINT "dimension_allocations_driver_fk" FOREIGN KEY ("company_id","allocation_driver_id") REFERENCES "public"."dimension_drivers"("company_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_allocations" ADD CONSTRAINT "direct_allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_allocations" ADD CONSTRAINT "direct_allocations_scenario_fk" FOREIGN KEY ("company_id","scenario_id") REFERENCES "public"."scenarios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_allocations" ADD CONSTRAINT "direct_allocations_source_fk" FOREIGN KEY ("company_id","source_id") REFERENCES "public"."cost_pools"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_allocations" ADD CONSTRAINT "direct_allocations_destination_fk" FOREIGN KEY ("company_id","destination_id") REFERENCES "public"."activities"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_logs" ADD CONSTRAINT "calculation_logs_calculation_fk" FOREIGN KEY ("company_id","calculation_id") REFERENCES "public"."calculations"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculations" ADD CONSTRAINT "calculations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculations" ADD CONSTRAINT "calculations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculations" ADD CONSTRAINT "calculations_scenario_fk" FOREIGN KEY ("company_id","scenario_id") REFERENCES "public"."scenarios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_model_fk" FOREIGN KEY ("company_id","model_id") REFERENCES "public"."models"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_pool_fk" FOREIGN KEY ("company_id","cost_pool_id") REFERENCES "public"."cost_pools"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculated_drivers" ADD CONSTRAINT "calculated_drivers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculated_drivers" ADD CONSTRAINT "calculated_drivers_model_fk" FOREIGN KEY ("company_id","model_id") REFERENCES "public"."models"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculated_drivers" ADD CONSTRAINT "calculated_drivers_dimension_fk" FOREIGN KEY ("company_id","dimension_id") REFERENCES "public"."dimensions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_pool_drivers" ADD CONSTRAINT "cost_pool_drivers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_pool_drivers" ADD CONSTRAINT "cost_pool_drivers_model_fk" FOREIGN KEY ("company_id","model_id") REFERENCES "public"."models"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_pools" ADD CONSTRAINT "cost_pools_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_pools" ADD CONSTRAINT "cost_pools_model_fk" FOREIGN KEY ("company_id","model_id") REFERENCES "public"."models"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_drivers" ADD CONSTRAINT "dimension_drivers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_drivers" ADD CONSTRAINT "dimension_drivers_dimension_fk" FOREIGN KEY ("company_id","dimension_id") REFERENCES "public"."dimensions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_drivers" ADD CONSTRAINT "dimension_drivers_target_fk" FOREIGN KEY ("company_id","target_dimension_id") REFERENCES "public"."dimensions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimensions" ADD CONSTRAINT "dimensions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimensions" ADD CONSTRAINT "dimensions_model_fk" FOREIGN KEY ("company_id","model_id") REFERENCES "public"."models"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimensions" ADD CONSTRAINT "dimensions_parent_fk" FOREIGN KEY ("company_id","parent_id") REFERENCES "public"."dimensions"("company_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD CONSTRAINT "financial_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD CONSTRAINT "financial_accounts_model_fk" FOREIGN KEY ("company_id","model_id") REFERENCES "public"."models"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_lines" ADD CONSTRAINT "report_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_lines" ADD CONSTRAINT "report_lines_model_fk" FOREIGN KEY ("company_id","model_id") REFERENCES "public"."models"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_lines" ADD CONSTRAINT "report_lines_activity_fk" FOREIGN KEY ("company_id","activity_id") REFERENCES "public"."activities"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_lines" ADD CONSTRAINT "report_lines_driver_fk" FOREIGN KEY ("company_id","calculated_driver_id") REFERENCES "public"."calculated_drivers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_lines" ADD CONSTRAINT "report_lines_dimension_fk" FOREIGN KEY ("company_id","dimension_id") REFERENCES "public"."dimensions"("company_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_lines" ADD CONSTRAINT "report_lines_parent_fk" FOREIGN KEY ("company_id","parent_id") REFERENCES "public"."report_lines"("company_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_values" ADD CONSTRAINT "account_values_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_values" ADD CONSTRAINT "account_values_scenario_fk" FOREIGN KEY ("company_id","scenario_id") REFERENCES "public"."scenarios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_values" ADD CONSTRAINT "account_values_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."financial_accounts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_pool_driver_values" ADD CONSTRAINT "cost_pool_driver_values_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_pool_driver_values" ADD CONSTRAINT "cost_pool_driver_values_scenario_fk" FOREIGN KEY ("company_id","scenario_id") REFERENCES "public"."scenarios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_pool_driver_values" ADD CONSTRAINT "cost_pool_driver_values_driver_fk" FOREIGN KEY ("company_id","driver_id") REFERENCES "public"."cost_pool_drivers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_pool_driver_values" ADD CONSTRAINT "cost_pool_driver_values_pool_fk" FOREIGN KEY ("company_id","pool_id") REFERENCES "public"."cost_pools"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_records" ADD CONSTRAINT "dimension_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_records" ADD CONSTRAINT "dimension_records_scenario_fk" FOREIGN KEY ("company_id","scenario_id") REFERENCES "public"."scenarios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_records" ADD CONSTRAINT "dimension_records_dimension_fk" FOREIGN KEY ("company_id","dimension_id") REFERENCES "public"."dimensions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_settings" ADD CONSTRAINT "scenario_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_settings" ADD CONSTRAINT "scenario_settings_scenario_fk" FOREIGN KEY ("company_id","scenario_id") REFERENCES "public"."scenarios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_processes" ADD CONSTRAINT "upload_processes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_processes" ADD CONSTRAINT "upload_processes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_processes" ADD CONSTRAINT "upload_processes_scenario_fk" FOREIGN KEY ("company_id","scenario_id") REFERENCES "public"."scenarios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_allocations_scenario_idx" ON "account_allocations" USING btree ("company_id","scenario_id","source_id");--> statement-breakpoint
CREATE INDEX "cost_pool_allocations_scenario_idx" ON "cost_pool_allocations" USING btree ("company_id","scenario_id","source_id");--> statement-breakpoint
CREATE INDEX "direct_allocations_scenario_idx" ON "direct_allocations" USING btree ("company_id","scenario_id","source_id");--> statement-breakpoint
CREATE INDEX "calculation_logs_calculation_idx" ON "calculation_logs" USING btree ("company_id","calculation_id","at");--> statement-breakpoint
CREATE INDEX "calculations_scenario_category_idx" ON "calculations" USING btree ("company_id","scenario_id","category","requested_at");--> statement-breakpoint
CREATE INDEX "calculations_status_idx" ON "calculations" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_pool_drivers_one_tdabc_key" ON "cost_pool_drivers" USING btree ("company_id","model_id") WHERE "cost_pool_drivers"."is_tdabc";--> statement-breakpoint
CREATE INDEX "export_files_company_idx" ON "export_files" USING btree ("company_id","requested_at");--> statement-breakpoint
CREATE INDEX "upload_processes_scenario_idx" ON "upload_processes" USING btree ("company_id","scenario_id","requested_at");