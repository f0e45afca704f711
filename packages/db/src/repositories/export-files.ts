import { and, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { exportFiles } from "../schema/scenario-data.ts";
import { users } from "../schema/users.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type ExportFile = typeof exportFiles.$inferSelect;
export type ExportFileView = ExportFile & { requestedByName: string | null };

const requestedByName = sql<
  string | null
>`nullif(coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}), '')`;

/** Files generated for download, listed per scenario (requested by, requested at, status). */
export function exportFilesRepository(db: Database) {
  return {
    async create(
      companyId: number,
      file: Omit<typeof exportFiles.$inferInsert, "companyId" | "id">,
      tx: Executor = db,
    ): Promise<ExportFile> {
      const [row] = await tx
        .insert(exportFiles)
        .values({ ...file, companyId })
        .returning();
      return row!;
    },

    /** Generated files of the company ready to download. */
    async countFinished(companyId: number, tx: Executor = db): Promise<number> {
      return tx.$count(
        exportFiles,
        and(eq(exportFiles.companyId, companyId), eq(exportFiles.status, "FINISHED")),
      );
    },

    async list(
      companyId: number,
      scenarioId: number,
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<ExportFileView>> {
      const where = and(eq(exportFiles.companyId, companyId), eq(exportFiles.scenarioId, scenarioId));
      const rows = await tx
        .select({ file: exportFiles, requestedByName })
        .from(exportFiles)
        .leftJoin(users, eq(users.id, exportFiles.requestedBy))
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            { requested_at: exportFiles.requestedAt, id: exportFiles.id },
            "-requested_at",
            exportFiles.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return {
        rows: rows.map((r) => ({ ...r.file, requestedByName: r.requestedByName })),
        count: await tx.$count(exportFiles, where),
      };
    },
  };
}

export type ExportFilesRepository = ReturnType<typeof exportFilesRepository>;
