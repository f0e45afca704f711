import type {
  CreatePdfReport,
  PdfReport,
  PdfReportListQuery,
  UpdatePdfReport,
} from "@costflow/contract/pdf-reports";
import { PdfReportData } from "@costflow/contract/pdf-reports";
import type { PageResult } from "@costflow/db/repositories/paging";
import type { PdfReportView } from "@costflow/db/repositories/pdf-reports";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import type { Caller } from "../reports/saved-reports.ts";

// PDF reports (docs/pdf.md): saved, edited, duplicated and deleted like the saved reports — a
// member sees their own and the company's shared ones; only the owner or a company administrator
// changes or deletes one; another company's id, or a colleague's private report, is a 404.

const canEdit = (caller: Caller, row: { ownerId: number }) =>
  row.ownerId === caller.userId || caller.isCompanyAdmin;

export function toPdfReport(caller: Caller, row: PdfReportView): PdfReport {
  const data = PdfReportData.safeParse(row.data);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type as PdfReport["type"],
    orientation: row.orientation as PdfReport["orientation"],
    data: data.success ? data.data : { scenario: null, blocks: [] },
    shared: row.shared,
    owner: row.ownerId,
    owner_name: row.ownerName,
    can_edit: canEdit(caller, row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listPdfReports(
  ctx: AppContext,
  caller: Caller,
  query: z.output<typeof PdfReportListQuery>,
): Promise<PageResult<PdfReportView>> {
  return ctx.repos.pdfReports.list(
    caller.companyId,
    caller.userId,
    { search: query.search || undefined },
    query,
  );
}

/** A report the caller may see (404 otherwise). */
export async function visiblePdfReport(ctx: AppContext, caller: Caller, id: number): Promise<PdfReportView> {
  const row = await ctx.repos.pdfReports.findVisible(caller.companyId, caller.userId, id);
  if (!row) throw notFound("id");
  return row;
}

export async function readPdfReport(ctx: AppContext, caller: Caller, id: number): Promise<PdfReport> {
  return toPdfReport(caller, await visiblePdfReport(ctx, caller, id));
}

export async function createPdfReport(
  ctx: AppContext,
  caller: Caller,
  body: z.output<typeof CreatePdfReport>,
): Promise<PdfReport> {
  const row = await ctx.repos.pdfReports.create(caller.companyId, {
    ownerId: caller.userId,
    title: body.title,
    description: body.description,
    type: body.type,
    orientation: body.orientation,
    data: body.data,
    shared: body.shared,
  });
  return readPdfReport(ctx, caller, row.id);
}

/** A copy owned by the caller, private, of any report they can see. */
export async function duplicatePdfReport(
  ctx: AppContext,
  caller: Caller,
  id: number,
  title: string | undefined,
): Promise<PdfReport> {
  const source = await visiblePdfReport(ctx, caller, id);
  const row = await ctx.repos.pdfReports.create(caller.companyId, {
    ownerId: caller.userId,
    title: title ?? `${source.title} (2)`.slice(0, 200),
    description: source.description,
    type: source.type,
    orientation: source.orientation,
    data: source.data,
    shared: false,
  });
  return readPdfReport(ctx, caller, row.id);
}

async function editable(ctx: AppContext, caller: Caller, id: number) {
  const row = await visiblePdfReport(ctx, caller, id);
  if (!canEdit(caller, row)) throw new AppError("FORBIDDEN", [{ field: "id", reason: "not_owner" }]);
  return row;
}

export async function updatePdfReport(
  ctx: AppContext,
  caller: Caller,
  id: number,
  body: z.output<typeof UpdatePdfReport>,
): Promise<PdfReport> {
  await editable(ctx, caller, id);
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  if (!(await ctx.repos.pdfReports.update(caller.companyId, id, changes))) throw notFound("id");
  return readPdfReport(ctx, caller, id);
}

export async function deletePdfReport(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  await editable(ctx, caller, id);
  if (!(await ctx.repos.pdfReports.delete(caller.companyId, id))) throw notFound("id");
}
