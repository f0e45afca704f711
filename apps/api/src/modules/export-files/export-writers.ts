import type { ExportDataType } from "@costflow/contract/export-files";
import { writePdfReportFile, writePdfSummaryFile } from "../pdf/pdf-export.ts";
import { writeBiCsv, writeBiParquet, writeBiXlsx } from "./bi-formats.ts";
import type { ExportWriter } from "./export-writer.ts";
import { writeRecordsOnlyCalculated } from "./records-only-calculated.ts";
import { writeTableFile } from "./table-export.ts";

/**
 * The writer of each kind of file (docs/exports.md, "Pipeline"): the job of the file pipeline
 * dispatches on the file's data_type through this table. A data_type without an entry is refused
 * at request (400 `unsupported` on `data_type`). PDF_SUMMARY and PDF_REPORT are the PDF renderer's
 * (modules/pdf/pdf-export.ts, docs/pdf.md).
 */
export const EXPORT_WRITERS: { [K in ExportDataType]?: ExportWriter } = {
  BI_CSV: writeBiCsv,
  BI_XLSX: writeBiXlsx,
  BI_PARQUET: writeBiParquet,
  TABLE: writeTableFile,
  RECORDS_ONLY_CALCULATED: writeRecordsOnlyCalculated,
  PDF_SUMMARY: writePdfSummaryFile,
  PDF_REPORT: writePdfReportFile,
};

/** File name extension and content type of each kind (TABLE: by its format). */
export const EXPORT_FORMATS: Record<ExportDataType, { extension: string; contentType: string }> = {
  BI_CSV: { extension: "zip", contentType: "application/zip" },
  BI_XLSX: {
    extension: "xlsx",
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  },
  BI_PARQUET: { extension: "zip", contentType: "application/zip" },
  PDF_SUMMARY: { extension: "pdf", contentType: "application/pdf" },
  PDF_REPORT: { extension: "pdf", contentType: "application/pdf" },
  TABLE: { extension: "csv", contentType: "text/csv; charset=utf-8" },
  RECORDS_ONLY_CALCULATED: { extension: "csv", contentType: "text/csv; charset=utf-8" },
};
