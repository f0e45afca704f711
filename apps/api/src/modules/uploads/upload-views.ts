import type { Language } from "@costflow/contract/languages";
import type { UploadDetail, UploadProcess } from "@costflow/contract/uploads";
import type { StoredUploadError, UploadView } from "@costflow/db/repositories/uploads";
import { iso, isoOrNull } from "../../lib/pagination.ts";
import { toUploadError } from "./upload-errors.ts";

export function toUploadProcess(row: UploadView): UploadProcess {
  return {
    id: row.id,
    scenario: row.scenarioId,
    kind: row.kind as UploadProcess["kind"],
    dimension: row.dimensionId,
    mode: row.mode as UploadProcess["mode"],
    status: row.status as UploadProcess["status"],
    file_name: row.fileName,
    requested_at: iso(row.requestedAt),
    requested_by: row.requesterName,
    finished_at: isoOrNull(row.finishedAt),
    progress: Math.min(1, Math.max(0, Number(row.progress))),
    rows_done: row.rowsDone,
    rows_total: row.rowsTotal,
    errors_count: row.errorsCount,
    stop_requested: row.stopRequested !== 0,
  };
}

export function toUploadDetail(row: UploadView, language: Language): UploadDetail {
  return {
    ...toUploadProcess(row),
    errors: (row.errors as StoredUploadError[]).map((e) => toUploadError(e, language)),
  };
}
