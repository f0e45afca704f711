import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { exportFiles } from "../schema/scenario-data.ts";
import { users } from "../schema/users.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type ExportFile = typeof exportFiles.$inferSelect;
export type ExportFileView = ExportFile & { requestedByName: string | null };
type ExportFileStatus = "PROCESSING" | "PROCESSED" | "ERROR";

const requestedByName = sql<
  string | null
>`nullif(coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}), '')`;

/**
 * Files of the file pipeline (docs/exports.md), listed per scenario: requested by, requested at,
 * status, type, size. Every function filters by the caller's company; the reaper alone sweeps all.
 * A file runs once: claimed with a lease that its worker renews; stopped or lost, it ends in ERROR.
 */
export function exportFilesRepository(db: Database) {
  const byId = (companyId: number, id: number) =>
    and(eq(exportFiles.companyId, companyId), eq(exportFiles.id, id));

  async function find(companyId: number, id: number, tx: Executor = db): Promise<ExportFileView | undefined> {
    const [row] = await tx
      .select({ file: exportFiles, requestedByName })
      .from(exportFiles)
      .leftJoin(users, eq(users.id, exportFiles.requestedBy))
      .where(byId(companyId, id));
    return row && { ...row.file, requestedByName: row.requestedByName };
  }

  return {
    find,

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
        and(eq(exportFiles.companyId, companyId), eq(exportFiles.status, "PROCESSED")),
      );
    },

    async list(
      companyId: number,
      scenarioId: number,
      page: PageRequest,
      filter: { kind?: string | undefined; status?: ExportFileStatus | undefined } = {},
      tx: Executor = db,
    ): Promise<PageResult<ExportFileView>> {
      const conditions: SQL[] = [
        eq(exportFiles.companyId, companyId),
        eq(exportFiles.scenarioId, scenarioId),
      ];
      if (filter.kind) conditions.push(eq(exportFiles.kind, filter.kind));
      if (filter.status) conditions.push(eq(exportFiles.status, filter.status));
      const where = and(...conditions);
      const rows = await tx
        .select({ file: exportFiles, requestedByName })
        .from(exportFiles)
        .leftJoin(users, eq(users.id, exportFiles.requestedBy))
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              requested_at: exportFiles.requestedAt,
              id: exportFiles.id,
              status: exportFiles.status,
              kind: exportFiles.kind,
              size_bytes: exportFiles.sizeBytes,
            },
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

    /** Asks the job to stop; answers the file (undefined: no such file of the company). */
    async requestStop(companyId: number, id: number, tx: Executor = db): Promise<ExportFileView | undefined> {
      await tx
        .update(exportFiles)
        .set({ stopRequested: 1 })
        .where(and(byId(companyId, id), eq(exportFiles.status, "PROCESSING")));
      return find(companyId, id, tx);
    },

    /**
     * Takes the file for a worker: `started_at` and a lease, once. A file already started (by a
     * worker that died) answers "started" and is never written again.
     */
    async claim(
      companyId: number,
      id: number,
      leaseSeconds: number,
      tx: Executor = db,
    ): Promise<"claimed" | "started" | "gone"> {
      const rows = await tx
        .update(exportFiles)
        .set({
          startedAt: sql`now()`,
          leaseUntil: sql`clock_timestamp() + make_interval(secs => ${leaseSeconds})`,
        })
        .where(
          and(
            byId(companyId, id),
            eq(exportFiles.status, "PROCESSING"),
            sql`${exportFiles.startedAt} is null`,
          ),
        )
        .returning({ id: exportFiles.id });
      if (rows.length === 1) return "claimed";
      return (await find(companyId, id, tx))?.status === "PROCESSING" ? "started" : "gone";
    },

    /**
     * The running file's heartbeat: renews the lease and records progress (0..1) when given;
     * answers whether the file must stop (a stop was requested, or the file is gone or ended).
     */
    async heartbeat(
      companyId: number,
      id: number,
      leaseSeconds: number,
      progress?: number,
      tx: Executor = db,
    ): Promise<{ stopRequested: boolean }> {
      const [row] = await tx
        .update(exportFiles)
        .set({
          leaseUntil: sql`clock_timestamp() + make_interval(secs => ${leaseSeconds})`,
          ...(progress !== undefined ? { progress: Math.max(0, Math.min(1, progress)).toFixed(4) } : {}),
        })
        .where(and(byId(companyId, id), eq(exportFiles.status, "PROCESSING")))
        .returning({ stopRequested: exportFiles.stopRequested });
      return { stopRequested: (row?.stopRequested ?? 1) !== 0 };
    },

    /**
     * Ends a running file: PROCESSED with its stored key and size, or ERROR with a reason. Only
     * a file still PROCESSING changes (a stop that already ended it wins); answers whether it did.
     */
    async finish(
      companyId: number,
      id: number,
      outcome:
        | { status: "PROCESSED"; filePath: string; sizeBytes: number; fileName?: string }
        | { status: "ERROR"; error: string; params?: Record<string, string | number> },
      tx: Executor = db,
    ): Promise<boolean> {
      const set =
        outcome.status === "PROCESSED"
          ? {
              status: outcome.status,
              filePath: outcome.filePath,
              sizeBytes: outcome.sizeBytes,
              progress: "1",
              ...(outcome.fileName ? { fileName: outcome.fileName } : {}),
            }
          : {
              status: outcome.status,
              error: outcome.error,
              filePath: null,
              sizeBytes: null,
              ...(outcome.params
                ? {
                    options: sql`${exportFiles.options} || ${JSON.stringify({ error_params: outcome.params })}::jsonb`,
                  }
                : {}),
            };
      const rows = await tx
        .update(exportFiles)
        .set({ ...set, finishedAt: new Date(), leaseUntil: null } as never)
        .where(and(byId(companyId, id), eq(exportFiles.status, "PROCESSING")))
        .returning({ id: exportFiles.id });
      return rows.length === 1;
    },

    /**
     * The reaper (every company): files still PROCESSING past their lease lost their worker and
     * end in ERROR (`worker_lost`); never-started files have no lease and wait. The caller's own
     * running files are alive. Answers the reaped files for their partial file's removal.
     */
    async reapExpired(running: readonly number[] = [], tx: Executor = db) {
      const alive =
        running.length > 0
          ? sql`and id not in (${sql.join(
              running.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``;
      const result = await tx.execute(sql`
        update export_files f
           set status = 'ERROR', error = 'worker_lost', finished_at = now(), lease_until = null,
               file_path = null, size_bytes = null
          from (select id from export_files
                 where status = 'PROCESSING' and lease_until < now() ${alive}
                 for update skip locked) old
         where f.id = old.id
        returning f.company_id, f.id`);
      const rows = (result as unknown as { rows: { company_id: number; id: number }[] }).rows;
      return rows.map((r) => ({ companyId: Number(r.company_id), id: Number(r.id) }));
    },

    /** Deletes a file that is not being written; answers its row (undefined: none of the company). */
    async remove(
      companyId: number,
      id: number,
      tx: Executor = db,
    ): Promise<{ deleted: ExportFile } | { running: true } | undefined> {
      const rows = await tx
        .delete(exportFiles)
        .where(and(byId(companyId, id), sql`${exportFiles.status} <> 'PROCESSING'`))
        .returning();
      if (rows[0]) return { deleted: rows[0] };
      return (await find(companyId, id, tx)) ? { running: true } : undefined;
    },
  };
}
