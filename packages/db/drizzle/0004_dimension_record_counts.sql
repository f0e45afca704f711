CREATE TABLE "dimension_record_counts" (
	"company_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"records" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dimension_record_counts_pk" PRIMARY KEY("scenario_id","dimension_id")
);
--> statement-breakpoint
ALTER TABLE "dimension_record_counts" ADD CONSTRAINT "dimension_record_counts_scenario_fk" FOREIGN KEY ("company_id","scenario_id") REFERENCES "public"."scenarios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_record_counts" ADD CONSTRAINT "dimension_record_counts_dimension_fk" FOREIGN KEY ("company_id","dimension_id") REFERENCES "public"."dimensions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand: statement-level triggers keep dimension_record_counts exact for every writer of
-- dimension_records (one aggregate per statement, so bulk loads pay once, not per row). Records
-- never move between scenarios or dimensions, so updates need no trigger.
CREATE FUNCTION dimension_records_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dimension_record_counts AS c (company_id, scenario_id, dimension_id, records)
  SELECT company_id, scenario_id, dimension_id, count(*) FROM inserted_rows GROUP BY 1, 2, 3
  ON CONFLICT (scenario_id, dimension_id) DO UPDATE SET records = c.records + excluded.records;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION dimension_records_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dimension_record_counts AS c SET records = c.records - d.n
  FROM (SELECT scenario_id, dimension_id, count(*) AS n FROM deleted_rows GROUP BY 1, 2) AS d
  WHERE c.scenario_id = d.scenario_id AND c.dimension_id = d.dimension_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION dimension_records_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dimension_record_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dimension_records_count_insert AFTER INSERT ON dimension_records
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION dimension_records_count_inserted();
--> statement-breakpoint
CREATE TRIGGER dimension_records_count_delete AFTER DELETE ON dimension_records
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION dimension_records_count_deleted();
--> statement-breakpoint
CREATE TRIGGER dimension_records_count_truncate AFTER TRUNCATE ON dimension_records
  FOR EACH STATEMENT EXECUTE FUNCTION dimension_records_count_truncated();
--> statement-breakpoint
INSERT INTO dimension_record_counts (company_id, scenario_id, dimension_id, records)
SELECT company_id, scenario_id, dimension_id, count(*) FROM dimension_records GROUP BY 1, 2, 3;
