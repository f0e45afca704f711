-- Composite tenant foreign keys (company_id, x_id) must null only x_id when the target row goes:
-- a plain ON DELETE SET NULL would null company_id as well and violate NOT NULL.
-- PostgreSQL 15+ (and PGlite) support the column list.
ALTER TABLE "activity_allocations" DROP CONSTRAINT "activity_allocations_driver_fk";--> statement-breakpoint
ALTER TABLE "activity_allocations" ADD CONSTRAINT "activity_allocations_driver_fk" FOREIGN KEY ("company_id","allocation_driver_id") REFERENCES "dimension_drivers"("company_id","id") ON DELETE SET NULL ("allocation_driver_id");--> statement-breakpoint
ALTER TABLE "dimension_allocations" DROP CONSTRAINT "dimension_allocations_driver_fk";--> statement-breakpoint
ALTER TABLE "dimension_allocations" ADD CONSTRAINT "dimension_allocations_driver_fk" FOREIGN KEY ("company_id","allocation_driver_id") REFERENCES "dimension_drivers"("company_id","id") ON DELETE SET NULL ("allocation_driver_id");--> statement-breakpoint
ALTER TABLE "calculated_driver_allocations" DROP CONSTRAINT "calculated_driver_allocations_alloc_driver_fk";--> statement-breakpoint
ALTER TABLE "calculated_driver_allocations" ADD CONSTRAINT "calculated_driver_allocations_alloc_driver_fk" FOREIGN KEY ("company_id","allocation_driver_id") REFERENCES "dimension_drivers"("company_id","id") ON DELETE SET NULL ("allocation_driver_id");--> statement-breakpoint
ALTER TABLE "dimensions" DROP CONSTRAINT "dimensions_parent_fk";--> statement-breakpoint
ALTER TABLE "dimensions" ADD CONSTRAINT "dimensions_parent_fk" FOREIGN KEY ("company_id","parent_id") REFERENCES "dimensions"("company_id","id") ON DELETE SET NULL ("parent_id");--> statement-breakpoint
ALTER TABLE "report_lines" DROP CONSTRAINT "report_lines_dimension_fk";--> statement-breakpoint
ALTER TABLE "report_lines" ADD CONSTRAINT "report_lines_dimension_fk" FOREIGN KEY ("company_id","dimension_id") REFERENCES "dimensions"("company_id","id") ON DELETE SET NULL ("dimension_id");--> statement-breakpoint
ALTER TABLE "report_lines" DROP CONSTRAINT "report_lines_parent_fk";--> statement-breakpoint
ALTER TABLE "report_lines" ADD CONSTRAINT "report_lines_parent_fk" FOREIGN KEY ("company_id","parent_id") REFERENCES "report_lines"("company_id","id") ON DELETE SET NULL ("parent_id");
