import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Writable } from "node:stream";
import {
  type TableExportFormat,
  type TableExportSource,
  XLSX_MAX_ROWS,
} from "@costflow/contract/export-files";
import { stringify } from "csv-stringify/sync";
import type { FastifyInstance } from "fastify";
import { excel } from "../../lib/excel.ts";
import { neutraliseCell } from "../../lib/spreadsheet-cells.ts";
import { writeChunk } from "../../lib/write-chunk.ts";
import { API_PREFIX } from "../../plugins/access.ts";
import { ExportRefused, type ExportWriter } from "./export-writer.ts";

// Export of any table of the app (docs/exports.md, "Tables"): the table's own list call, read page
// after page with the filters and ordering the user sees, as the user who asked (their company,
// their abilities, checked on every page as for any request). The calls run in-process through
// Fastify's inject; they authenticate with a per-process secret that never leaves the process.

/** Rows per page read from the call (the list envelope's cap). */
const PAGE = 100;
const SECRET = randomBytes(32).toString("hex");
export const INTERNAL_CALLER_HEADER = "x-costflow-table-export";

let app: FastifyInstance | null = null;
/** Called once the routes are registered (the API process and the worker process alike). */
export function registerTableCaller(instance: FastifyInstance): void {
  app = instance;
}

/** The user and company an in-process table read acts for, or null when the header is not ours. */
export function internalCallerOf(
  header: string | string[] | undefined,
): { userId: number; companyId: number } | null {
  if (typeof header !== "string") return null;
  const [secret, user, company] = header.split(".");
  if (!secret || secret.length !== SECRET.length) return null;
  if (!timingSafeEqual(Buffer.from(secret), Buffer.from(SECRET))) return null;
  const userId = Number(user);
  const companyId = Number(company);
  if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(companyId)) return null;
  return { userId, companyId };
}

const CALL = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9_-]+)*\/?$/i;
/** A call a table may name: a path below /api/v1, not the export calls nor the account's. */
export function isTableCall(call: string): boolean {
  return CALL.test(call) && !/^(export|auth|users|admin)\//i.test(call);
}

interface TablePage {
  status: number;
  body: unknown;
  rows: Record<string, unknown>[];
  count: number;
}

/** One page of the table's call as `userId` in `companyId`. */
export async function readTablePage(
  source: Pick<TableExportSource, "call" | "params">,
  who: { userId: number; companyId: number },
  offset: number,
  limit = PAGE,
): Promise<TablePage> {
  if (!app) throw new Error("table caller not registered");
  const query = new URLSearchParams({ ...source.params, limit: String(limit), offset: String(offset) });
  const path = source.call.endsWith("/") ? source.call : `${source.call}/`;
  const response = await app.inject({
    method: "GET",
    url: `${API_PREFIX}/${path}?${query}`,
    headers: { [INTERNAL_CALLER_HEADER]: `${SECRET}.${who.userId}.${who.companyId}` },
  });
  let body: unknown = null;
  try {
    body = response.json();
  } catch {
    body = null;
  }
  // The list envelope, or the {items, count} of the transactional-data calls.
  const envelope = body as { results?: unknown; items?: unknown; count?: unknown } | null;
  const results = envelope?.results ?? envelope?.items;
  const ok = response.statusCode === 200 && Array.isArray(results);
  return {
    status: ok ? 200 : response.statusCode === 200 ? 400 : response.statusCode,
    body,
    rows: ok ? (results as Record<string, unknown>[]) : [],
    count: ok ? Number(envelope!.count ?? (results as unknown[]).length) : 0,
  };
}

type Columns = NonNullable<TableExportSource["columns"]>;
const cellOf = (value: unknown): string | number | boolean | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "string") return neutraliseCell(value);
  return JSON.stringify(value);
};

/**
 * Writes the whole table, every page, as CSV or XLSX to `out`. `first` is the first page when
 * the caller already read it. Progress goes by rows over the call's count.
 */
export async function writeTable(
  source: TableExportSource,
  format: TableExportFormat,
  who: { userId: number; companyId: number },
  out: Writable,
  onRows: (done: number, total: number) => Promise<void> = async () => {},
  signal?: AbortSignal,
): Promise<void> {
  let page = await readTablePage(source, who, 0);
  if (page.status !== 200) {
    const message = (page.body as { message?: string } | null)?.message ?? String(page.status);
    throw new ExportRefused("table_failed", { message });
  }
  const total = page.count;
  if (format === "XLSX" && total + 1 > XLSX_MAX_ROWS)
    throw new ExportRefused("too_many_rows", { table: source.title ?? source.call, rows: total });
  // The table's columns that are fields of its rows (a column of buttons is not exported).
  const first = page.rows[0];
  const columns: Columns = source.columns
    ? source.columns.filter((c) => !first || c.id in first)
    : Object.keys(first ?? {}).map((id) => ({ id }) as Columns[number]);
  const header = columns.map((c) => neutraliseCell(c.header ?? c.id));
  const line = (row: Record<string, unknown>) => columns.map((c) => cellOf(row[c.id]));

  const workbook =
    format === "XLSX"
      ? new (await excel()).stream.xlsx.WorkbookWriter({
          stream: out,
          useStyles: false,
          useSharedStrings: false,
        })
      : null;
  const sheet = workbook?.addWorksheet((source.title || "Table").replace(/[\\/?*[\]:]/g, " ").slice(0, 31));
  if (sheet) sheet.addRow(header).commit();
  else await writeChunk(out, `\uFEFF${stringify([header])}`);

  let done = 0;
  for (;;) {
    if (signal?.aborted) return;
    if (page.rows.length === 0) break;
    if (sheet) for (const row of page.rows) sheet.addRow(line(row)).commit();
    else await writeChunk(out, stringify(page.rows.map(line)));
    done += page.rows.length;
    await onRows(done, total);
    if (page.rows.length < PAGE || done >= total) break;
    page = await readTablePage(source, who, done);
    if (page.status !== 200) {
      const message = (page.body as { message?: string } | null)?.message ?? String(page.status);
      throw new ExportRefused("table_failed", { message });
    }
  }
  if (sheet && workbook) {
    sheet.commit();
    await workbook.commit();
  }
}

/** The pipeline's writer of TABLE (options: table, format). */
export const writeTableFile: ExportWriter = async (_ctx, file, out, progress, signal) => {
  const source = file.options.table as TableExportSource;
  const format = (file.options.format as TableExportFormat | undefined) ?? "CSV";
  if (file.requestedBy === null) throw new ExportRefused("failed");
  await writeTable(
    source,
    format,
    { userId: file.requestedBy, companyId: file.companyId },
    out,
    (done, total) => progress(total > 0 ? Math.min(0.99, done / total) : 0.5),
    signal,
  );
};
