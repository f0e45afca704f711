import { and, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import { uploadProcesses } from "../../schema/scenario-data.ts";
import { findUpload, type StoredUploadError, type UploadProcess } from "./processes.ts";

// An upload process as its job runs it: claimed once under a lease, renewed while it runs, its
// progress recorded, and its end when nothing was written; the reaper's sweep of the uploads
// whose worker died. The end of an upload that wrote its rows is in apply-stage.ts (inside the
// writing transaction).

export function uploadRunsRepository(db: Database) {
  return {
    /**
     * Takes the upload for a worker: sets `started_at` and a lease. Only once per upload: an upload
     * already started (its job attempted before, by a worker that died) answers "started" and is
     * not run again, since a second run could apply a file its user believes failed.
     */
    async claim(
      companyId: number,
      id: number,
      leaseSeconds: number,
      tx: Executor = db,
    ): Promise<"claimed" | "started" | "gone"> {
      const rows = await tx
        .update(uploadProcesses)
        .set({
          startedAt: sql`now()`,
          leaseUntil: sql`clock_timestamp() + make_interval(secs => ${leaseSeconds})`,
        })
        .where(
          and(
            eq(uploadProcesses.companyId, companyId),
            eq(uploadProcesses.id, id),
            eq(uploadProcesses.status, "PROCESSING"),
            sql`${uploadProcesses.startedAt} is null`,
          ),
        )
        .returning({ id: uploadProcesses.id });
      if (rows.length === 1) return "claimed";
      return (await findUpload(companyId, id, tx))?.status === "PROCESSING" ? "started" : "gone";
    },

    /** Renews the lease of a running upload; answers whether a stop was requested meanwhile. */
    async renewLease(companyId: number, id: number, leaseSeconds: number, tx: Executor = db) {
      const [row] = await tx
        .update(uploadProcesses)
        .set({ leaseUntil: sql`clock_timestamp() + make_interval(secs => ${leaseSeconds})` })
        .where(
          and(
            eq(uploadProcesses.companyId, companyId),
            eq(uploadProcesses.id, id),
            eq(uploadProcesses.status, "PROCESSING"),
          ),
        )
        .returning({ stopRequested: uploadProcesses.stopRequested });
      return { stopRequested: (row?.stopRequested ?? 1) !== 0 };
    },

    /**
     * The reaper (every company: the system's own sweep): uploads still PROCESSING past their
     * lease lost their worker; they end in ERROR with `error`, nothing written. Uploads never
     * started have no lease and wait for a worker. Answers the reaped uploads with the file each
     * had staged, for its removal.
     */
    async reapExpired(error: StoredUploadError, running: readonly number[] = [], tx: Executor = db) {
      // The caller's own running uploads are alive even when their lease could not be renewed in
      // time (the embedded database runs one statement at a time: a long check holds it).
      const alive =
        running.length > 0
          ? sql`and id not in (${sql.join(
              running.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``;
      const result = await tx.execute(sql`
        update upload_processes u
           set status = 'ERROR', errors = ${JSON.stringify([error])}::jsonb, finished_at = now(),
               file_path = null, lease_until = null, rows_done = 0
          from (select id, file_path from upload_processes
                 where status = 'PROCESSING' and lease_until < now() ${alive}
                 for update skip locked) old
         where u.id = old.id
        returning u.company_id, u.id, old.file_path`);
      const rows = (
        result as unknown as { rows: { company_id: number; id: number; file_path: string | null }[] }
      ).rows;
      return rows.map((r) => ({ companyId: Number(r.company_id), id: Number(r.id), filePath: r.file_path }));
    },

    /** Records progress; answers whether a stop was requested meanwhile. */
    async reportProgress(
      companyId: number,
      id: number,
      progress: { progress: number; rowsDone: number; rowsTotal: number | null },
      tx: Executor = db,
    ): Promise<{ stopRequested: boolean }> {
      const [row] = await tx
        .update(uploadProcesses)
        .set({
          progress: progress.progress.toFixed(4),
          rowsDone: progress.rowsDone,
          rowsTotal: progress.rowsTotal,
        })
        .where(and(eq(uploadProcesses.companyId, companyId), eq(uploadProcesses.id, id)))
        .returning({ stopRequested: uploadProcesses.stopRequested });
      return { stopRequested: (row?.stopRequested ?? 1) !== 0 };
    },

    /** Ends a process that wrote nothing (ERROR or STOPPED); a finished process is left alone. */
    async finishWithoutWriting(
      companyId: number,
      id: number,
      outcome: {
        status: "ERROR" | "STOPPED";
        errors: StoredUploadError[];
        rowsDone: number;
        rowsTotal: number | null;
      },
      tx: Executor = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(uploadProcesses)
        .set({
          status: outcome.status,
          errors: outcome.errors as UploadProcess["errors"],
          rowsDone: outcome.rowsDone,
          rowsTotal: outcome.rowsTotal,
          finishedAt: new Date(),
          filePath: null,
        })
        .where(
          and(
            eq(uploadProcesses.companyId, companyId),
            eq(uploadProcesses.id, id),
            eq(uploadProcesses.status, "PROCESSING"),
          ),
        )
        .returning({ id: uploadProcesses.id });
      return rows.length === 1;
    },
  };
}
