import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";
import { uploadProcesses } from "../../schema/scenario-data.ts";
import { users } from "../../schema/users.ts";
import { orderBy, type PageRequest, type PageResult } from "../paging.ts";

// Upload processes of a company's scenarios as their users see them: created with a file, listed,
// read, asked to stop. Every function filters by the caller's company.

export type UploadProcess = typeof uploadProcesses.$inferSelect;
export type UploadKind = "ACCOUNTS" | "ACCOUNT_VALUES" | "COST_POOLS" | "POOL_DRIVER_VALUES" | "RECORDS";
export type UploadMode = "MERGE" | "APPEND" | "REPLACE";
type UploadStatus = "PROCESSING" | "PROCESSED" | "ERROR" | "STOPPED";

/**
 * One stored problem of a file. `reason` is a key of the `uploads.errors` translations, `values`
 * fill its placeholders (the text is made in the reader's language); `message` is the English
 * text, for whoever reads the table directly. A last entry of reason `more_errors` counts the
 * errors beyond those listed.
 */
export interface StoredUploadError {
  line: number | null;
  column: number | null;
  field: string | null;
  reason: string;
  values?: Record<string, string | number>;
  message: string;
}

export type UploadView = UploadProcess & { requesterName: string | null; errorsCount: number };

const requesterName = sql<
  string | null
>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;
// Listed errors, plus the count carried by a trailing "more_errors" entry (minus that entry).
const errorsCount = sql<number>`(jsonb_array_length(${uploadProcesses.errors}) + case
  when ${uploadProcesses.errors}->-1->>'reason' = 'more_errors'
  then (${uploadProcesses.errors}->-1->'values'->>'count')::int - 1 else 0 end)::int`;

const view = { upload: uploadProcesses, requesterName, errorsCount };
const toView = (row: { upload: UploadProcess; requesterName: string | null; errorsCount: number }) => ({
  ...row.upload,
  requesterName: row.requesterName,
  errorsCount: Number(row.errorsCount),
});

/** An upload with its requester's name and its number of errors. */
export async function findUpload(
  companyId: number,
  id: number,
  tx: Executor,
): Promise<UploadView | undefined> {
  const [row] = await tx
    .select(view)
    .from(uploadProcesses)
    .leftJoin(users, eq(users.id, uploadProcesses.requestedBy))
    .where(and(eq(uploadProcesses.companyId, companyId), eq(uploadProcesses.id, id)));
  return row && toView(row);
}

export function uploadProcessesRepository(db: Database) {
  return {
    async find(companyId: number, id: number, tx: Executor = db): Promise<UploadView | undefined> {
      return findUpload(companyId, id, tx);
    },

    async create(
      companyId: number,
      upload: {
        scenarioId: number;
        kind: UploadKind;
        dimensionId: number | null;
        mode: UploadMode;
        fileName: string;
        filePath: string;
        requestedBy: number;
      },
      tx: Executor = db,
    ): Promise<UploadProcess> {
      const [row] = await tx
        .insert(uploadProcesses)
        .values({ ...upload, companyId, status: "PROCESSING" })
        .returning();
      return row!;
    },

    async setTaskId(companyId: number, id: number, taskId: string, tx: Executor = db): Promise<void> {
      await tx
        .update(uploadProcesses)
        .set({ taskId })
        .where(and(eq(uploadProcesses.companyId, companyId), eq(uploadProcesses.id, id)));
    },

    async list(
      companyId: number,
      filter: {
        scenarioId: number;
        kind?: UploadKind | undefined;
        status?: UploadStatus | undefined;
        dimensionId?: number | undefined;
      },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<UploadView>> {
      const conditions: SQL[] = [
        eq(uploadProcesses.companyId, companyId),
        eq(uploadProcesses.scenarioId, filter.scenarioId),
      ];
      if (filter.kind) conditions.push(eq(uploadProcesses.kind, filter.kind));
      if (filter.status) conditions.push(eq(uploadProcesses.status, filter.status));
      if (filter.dimensionId !== undefined)
        conditions.push(eq(uploadProcesses.dimensionId, filter.dimensionId));
      const where = and(...conditions);
      const rows = await tx
        .select(view)
        .from(uploadProcesses)
        .leftJoin(users, eq(users.id, uploadProcesses.requestedBy))
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              requested_at: uploadProcesses.requestedAt,
              status: uploadProcesses.status,
              kind: uploadProcesses.kind,
              mode: uploadProcesses.mode,
              file_name: uploadProcesses.fileName,
              id: uploadProcesses.id,
            },
            "-requested_at",
            uploadProcesses.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      const count = await tx.$count(uploadProcesses, where);
      return { rows: rows.map(toView), count };
    },

    /**
     * Asks the job to stop. Undefined when the company has no such upload; otherwise the upload,
     * with `stopRequested` set only if it was still PROCESSING.
     */
    async requestStop(companyId: number, id: number, tx: Executor = db): Promise<UploadView | undefined> {
      await tx
        .update(uploadProcesses)
        .set({ stopRequested: 1 })
        .where(
          and(
            eq(uploadProcesses.companyId, companyId),
            eq(uploadProcesses.id, id),
            eq(uploadProcesses.status, "PROCESSING"),
          ),
        );
      return findUpload(companyId, id, tx);
    },
  };
}
