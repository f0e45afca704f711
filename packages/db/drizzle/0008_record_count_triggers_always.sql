-- Bulk loads (model import, template creation) skip per-row foreign-key checks with
-- session_replication_role = replica. Ordinary triggers are skipped in that mode too, which left
-- dimension_record_counts behind. The count triggers must fire whatever the role: ENABLE ALWAYS.
ALTER TABLE "dimension_records" ENABLE ALWAYS TRIGGER "dimension_records_count_insert";--> statement-breakpoint
ALTER TABLE "dimension_records" ENABLE ALWAYS TRIGGER "dimension_records_count_delete";--> statement-breakpoint
ALTER TABLE "dimension_records" ENABLE ALWAYS TRIGGER "dimension_records_count_truncate";--> statement-breakpoint
-- Repair counts written while the triggers were skipped.
DELETE FROM "dimension_record_counts";--> statement-breakpoint
INSERT INTO "dimension_record_counts" (company_id, scenario_id, dimension_id, records)
SELECT company_id, scenario_id, dimension_id, count(*) FROM "dimension_records" GROUP BY 1, 2, 3;
