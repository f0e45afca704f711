import { z } from "zod";
import { QueryId } from "./cost.ts";
import { listQuery, page } from "./pagination.ts";

// export/files/ (spec section 7, "Calculated drivers (older)"): with a data_type, a CSV download;
// without, the scenario's download history (requested by, requested at, status).

export const EXPORT_DATA_TYPES = ["RECORDS_ONLY_CALCULATED"] as const;

/**
 * GET export/files/?scenario&data_type=RECORDS_ONLY_CALCULATED&driver: a CSV of `identifier,<driver
 * name>` with the driver's value per record from the scenario's latest finished calculation.
 * Without data_type: the page of the scenario's exports.
 */
export const ExportFilesQuery = listQuery(["requested_at", "id"]).extend({
  scenario: QueryId,
  data_type: z.enum(EXPORT_DATA_TYPES).optional(),
  driver: QueryId.optional(),
});

export const EXPORT_STATUSES = ["REQUESTED", "PROCESSING", "FINISHED", "ERROR"] as const;
export const ExportFile = z.object({
  id: z.number().int(),
  scenario: z.number().int().nullable(),
  kind: z.string(),
  title: z.string(),
  status: z.enum(EXPORT_STATUSES),
  file_name: z.string().nullable(),
  requested_at: z.string(),
  requested_by: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ExportFile = z.infer<typeof ExportFile>;
export const ExportFilePage = page(ExportFile);
