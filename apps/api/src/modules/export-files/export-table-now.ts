import { PassThrough } from "node:stream";
import { type TableExportQuery, TableExportSource } from "@costflow/contract/export-files";
import type { z } from "zod";
import { AppError, fieldError } from "../../lib/app-error.ts";
import { DIRECT_TABLE_MAX_ROWS } from "./export-settings.ts";
import { EXPORT_FORMATS } from "./export-writers.ts";
import { checkTableSource, safeFileName } from "./request-export.ts";
import { writeTable } from "./table-export.ts";

/** A query parameter holding JSON (`params`, `columns`): 400 naming the field when it is not JSON. */
function parseJsonField(field: "params" | "columns", text: string | undefined) {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw fieldError("VALIDATION_ERROR", field, "invalid_json");
  }
}

/**
 * A small table exported at once (`GET export/table`): the list call is checked and counted first
 * (at most DIRECT_TABLE_MAX_ROWS rows), then written into the returned stream as it is read.
 * A refused list call throws TableCallRefused, which the route answers with the call's own status.
 */
export async function exportTableNow(
  who: { userId: number; companyId: number },
  query: z.infer<typeof TableExportQuery>,
) {
  const { call, format, title } = query;
  const parsed = TableExportSource.safeParse({
    call,
    params: parseJsonField("params", query.params) ?? {},
    columns: parseJsonField("columns", query.columns),
    title,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fieldError("VALIDATION_ERROR", String(issue.path[0] ?? "params"), "invalid_value");
  }
  const source = parsed.data;
  let rows: number;
  try {
    rows = await checkTableSource(source, format, who, "call");
  } catch (error) {
    if (error instanceof AppError && error.fields[0]?.field === "call.call")
      throw fieldError("VALIDATION_ERROR", "call", "invalid_call");
    throw error;
  }
  if (rows > DIRECT_TABLE_MAX_ROWS)
    throw fieldError("VALIDATION_ERROR", "call", "too_big", { maximum: DIRECT_TABLE_MAX_ROWS });
  const extension = format === "XLSX" ? "xlsx" : "csv";
  const name = `${safeFileName((title || call).replace(/\/+$/, ""))}.${extension}`;
  const body = new PassThrough();
  writeTable(source, format, who, body)
    .then(() => {
      if (!body.writableEnded) body.end();
    })
    .catch((error) => body.destroy(error));
  const contentType =
    format === "XLSX" ? EXPORT_FORMATS.BI_XLSX.contentType : EXPORT_FORMATS.TABLE.contentType;
  return { name, contentType, body };
}
