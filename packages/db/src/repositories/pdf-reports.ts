import { and, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { pdfReports } from "../schema/pdf-reports.ts";
import { users } from "../schema/users.ts";
import { likePattern, ownerName, visibleTo } from "./owned-reports.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type PdfReportRow = typeof pdfReports.$inferSelect;
export type PdfReportView = PdfReportRow & { ownerName: string };

/**
 * PDF reports (docs/pdf.md), shaped like the saved reports: a reader sees their own and those
 * shared with the company; changing one is for its owner or a company administrator (the
 * service decides, the repository filters by company).
 */
export function pdfReportsRepository(db: Database) {
  const visible = (companyId: number, userId: number): SQL => visibleTo(pdfReports, companyId, userId);

  const select = (tx: Executor) =>
    tx
      .select({ report: pdfReports, ownerName })
      .from(pdfReports)
      .innerJoin(users, eq(users.id, pdfReports.ownerId));
  const view = (r: { report: PdfReportRow; ownerName: string }): PdfReportView => ({
    ...r.report,
    ownerName: r.ownerName,
  });

  return {
    async list(
      companyId: number,
      userId: number,
      filter: { search?: string | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<PdfReportView>> {
      const where = and(
        visible(companyId, userId),
        filter.search ? ilike(pdfReports.title, likePattern(filter.search)) : undefined,
      );
      const rows = await select(tx)
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              title: sql`lower(${pdfReports.title})`,
              created_at: pdfReports.createdAt,
              updated_at: pdfReports.updatedAt,
              id: pdfReports.id,
            },
            "-updated_at",
            pdfReports.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return { rows: rows.map(view), count: await tx.$count(pdfReports, where) };
    },

    /** One report the user may see (own or shared), else undefined. */
    async findVisible(
      companyId: number,
      userId: number,
      id: number,
      tx: Executor = db,
    ): Promise<PdfReportView | undefined> {
      const [row] = await select(tx).where(and(visible(companyId, userId), eq(pdfReports.id, id)));
      return row ? view(row) : undefined;
    },

    /** One report of the company whoever owns it (the PDF job, which was checked when queued). */
    async find(companyId: number, id: number, tx: Executor = db): Promise<PdfReportView | undefined> {
      const [row] = await select(tx).where(and(eq(pdfReports.companyId, companyId), eq(pdfReports.id, id)));
      return row ? view(row) : undefined;
    },

    async create(
      companyId: number,
      report: Pick<
        typeof pdfReports.$inferInsert,
        "ownerId" | "title" | "description" | "type" | "orientation" | "data" | "shared"
      >,
      tx: Executor = db,
    ): Promise<PdfReportRow> {
      const [row] = await tx
        .insert(pdfReports)
        .values({ ...report, companyId })
        .returning();
      return row!;
    },

    async update(
      companyId: number,
      id: number,
      changes: Partial<
        Pick<PdfReportRow, "title" | "description" | "type" | "orientation" | "data" | "shared">
      >,
      tx: Executor = db,
    ): Promise<PdfReportRow | undefined> {
      const [row] = await tx
        .update(pdfReports)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(pdfReports.companyId, companyId), eq(pdfReports.id, id)))
        .returning();
      return row;
    },

    async delete(companyId: number, id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(pdfReports)
        .where(and(eq(pdfReports.companyId, companyId), eq(pdfReports.id, id)))
        .returning({ id: pdfReports.id });
      return rows.length > 0;
    },
  };
}
