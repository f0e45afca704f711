import type { Database } from "../client.ts";
import { uploadLookupsRepository } from "./uploads/lookups.ts";
import { uploadRunsRepository } from "./uploads/process-runs.ts";
import { uploadProcessesRepository } from "./uploads/processes.ts";

// Uploads of data files into a scenario. The repository of upload processes is made of the parts
// in uploads/: the processes as their users see them (processes.ts), as their job runs them
// (process-runs.ts), and what a file is checked against (lookups.ts). A file's rows go through a
// staging table on a bulk session: created (stage.ts), checked (check-stage.ts), written
// (apply-stage.ts).

export { applyStage, lockForWriting, markProcessed } from "./uploads/apply-stage.ts";
export { checkStage } from "./uploads/check-stage.ts";
export type { StoredUploadError, UploadKind, UploadProcess, UploadView } from "./uploads/processes.ts";
export { createStage, dropStage, STAGE_COLUMNS, stageTableName, type UploadTarget } from "./uploads/stage.ts";

/** Upload processes of a company's scenarios; every function filters by the caller's company. */
export function uploadsRepository(db: Database) {
  return {
    ...uploadProcessesRepository(db),
    ...uploadRunsRepository(db),
    ...uploadLookupsRepository(db),
  };
}
