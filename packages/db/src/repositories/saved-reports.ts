import { and, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { savedReports } from "../schema/saved-reports.ts";
import { users } from "../schema/users.ts";
import { likePattern, ownerName, visibleTo } from "./owned-reports.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type SavedReportRow = typeof savedReports.$inferSelect;
export type SavedReportView = SavedReportRow & { ownerName: string };

/**
 * Saved reports ("My reports"). A reader sees their own reports and those shared with the
 * company (`visibleTo`); changing one is for its owner or a company administrator (the service
 * decides, the repository filters by company).
 */
export function savedReportsRepository(db: Database) {
  const visible = (companyId: number, userId: number): SQL => visibleTo(savedReports, companyId, userId);

  const select = (tx: Executor) =>
    tx
      .select({ report: savedReports, ownerName })
      .from(savedReports)
      .innerJoin(users, eq(users.id, savedReports.ownerId));
  const view = (r: { report: SavedReportRow; ownerName: string }): SavedReportView => ({
    ...r.report,
    ownerName: r.ownerName,
  });

  return {
    async list(
      companyId: number,
      userId: number,
      filter: { type?: string | undefined; search?: string | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<SavedReportView>> {
      const where = and(
        visible(companyId, userId),
        filter.type ? eq(savedReports.type, filter.type) : undefined,
        filter.search ? ilike(savedReports.title, likePattern(filter.search)) : undefined,
      );
      const rows = await select(tx)
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              title: sql`lower(${savedReports.title})`,
              type: savedReports.type,
              created_at: savedReports.createdAt,
              updated_at: savedReports.updatedAt,
              id: savedReports.id,
            },
            "-updated_at",
            savedReports.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return { rows: rows.map(view), count: await tx.$count(savedReports, where) };
    },

    /** One report the user may see (own or shared), else undefined. */
    async findVisible(
      companyId: number,
      userId: number,
      id: number,
      tx: Executor = db,
    ): Promise<SavedReportView | undefined> {
      const [row] = await select(tx).where(and(visible(companyId, userId), eq(savedReports.id, id)));
      return row ? view(row) : undefined;
    },

    async create(
      companyId: number,
      report: Pick<typeof savedReports.$inferInsert, "ownerId" | "title" | "type" | "params" | "shared">,
      tx: Executor = db,
    ): Promise<SavedReportRow> {
      const [row] = await tx
        .insert(savedReports)
        .values({ ...report, companyId })
        .returning();
      return row!;
    },

    async update(
      companyId: number,
      id: number,
      changes: Partial<Pick<SavedReportRow, "title" | "params" | "shared">>,
      tx: Executor = db,
    ): Promise<SavedReportRow | undefined> {
      const [row] = await tx
        .update(savedReports)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(savedReports.companyId, companyId), eq(savedReports.id, id)))
        .returning();
      return row;
    },

    async delete(companyId: number, id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(savedReports)
        .where(and(eq(savedReports.companyId, companyId), eq(savedReports.id, id)))
        .returning({ id: savedReports.id });
      return rows.length > 0;
    },
  };
}
