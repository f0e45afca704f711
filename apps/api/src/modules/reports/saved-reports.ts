import { COMPANY_ADMIN_GROUP } from "@costflow/contract/abilities";
import type {
  CreateSavedReport,
  SavedReport,
  SavedReportListQuery,
  SavedReportType,
  UpdateSavedReport,
} from "@costflow/contract/saved-reports";
import type { PageResult } from "@costflow/db/repositories/paging";
import type { SavedReportView } from "@costflow/db/repositories/saved-reports";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import type { RequestAuth } from "../../plugins/access.ts";

// Saved reports, "My reports" (docs/reports.md, "Saved reports"): a member sees their own and the
// company's shared reports; only the owner or a company administrator renames, shares or deletes
// one. Another company's id, or a colleague's private report, is a 404 like a missing one.

export interface Caller {
  companyId: number;
  userId: number;
  /** In the company's administrators group: may change the company's shared reports. */
  isCompanyAdmin: boolean;
}

export function callerOf(auth: RequestAuth, companyId: number): Caller {
  return {
    companyId,
    userId: auth.user.id,
    isCompanyAdmin: auth.membership?.groupName === COMPANY_ADMIN_GROUP,
  };
}

const canEdit = (caller: Caller, row: { ownerId: number }) =>
  row.ownerId === caller.userId || caller.isCompanyAdmin;

export function toSavedReport(caller: Caller, row: SavedReportView): SavedReport {
  return {
    id: row.id,
    title: row.title,
    type: row.type as SavedReportType,
    params: row.params,
    shared: row.shared,
    owner: row.ownerId,
    owner_name: row.ownerName,
    can_edit: canEdit(caller, row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listSavedReports(
  ctx: AppContext,
  caller: Caller,
  query: z.output<typeof SavedReportListQuery>,
): Promise<PageResult<SavedReportView>> {
  return ctx.repos.savedReports.list(
    caller.companyId,
    caller.userId,
    { type: query.type, search: query.search || undefined },
    query,
  );
}

export async function readSavedReport(ctx: AppContext, caller: Caller, id: number): Promise<SavedReport> {
  const row = await ctx.repos.savedReports.findVisible(caller.companyId, caller.userId, id);
  if (!row) throw notFound("id");
  return toSavedReport(caller, row);
}

export async function createSavedReport(
  ctx: AppContext,
  caller: Caller,
  body: z.output<typeof CreateSavedReport>,
): Promise<SavedReport> {
  const repo = ctx.repos.savedReports;
  const row = await repo.create(caller.companyId, {
    ownerId: caller.userId,
    title: body.title,
    type: body.type,
    params: body.params,
    shared: body.shared,
  });
  return readSavedReport(ctx, caller, row.id);
}

/** The report if the caller may change it: 404 when they cannot see it, 403 when only read it. */
async function editable(ctx: AppContext, caller: Caller, id: number) {
  const row = await ctx.repos.savedReports.findVisible(caller.companyId, caller.userId, id);
  if (!row) throw notFound("id");
  if (!canEdit(caller, row)) throw new AppError("FORBIDDEN", [{ field: "id", reason: "not_owner" }]);
  return row;
}

export async function updateSavedReport(
  ctx: AppContext,
  caller: Caller,
  id: number,
  body: z.output<typeof UpdateSavedReport>,
): Promise<SavedReport> {
  await editable(ctx, caller, id);
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  if (!(await ctx.repos.savedReports.update(caller.companyId, id, changes))) throw notFound("id");
  return readSavedReport(ctx, caller, id);
}

export async function deleteSavedReport(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  await editable(ctx, caller, id);
  if (!(await ctx.repos.savedReports.delete(caller.companyId, id))) throw notFound("id");
}
