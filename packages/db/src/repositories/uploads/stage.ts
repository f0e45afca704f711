import type { Query } from "../bulk-write.ts";
import type { UploadKind } from "./processes.ts";

// The staging table of an upload (raw SQL on a bulk session): a temporary table of the file's
// rows, checked (check-stage.ts) and then written into the model (apply-stage.ts).

/** Where a file's rows go: the scenario, its model and, for records, the dimension and its links. */
export interface UploadTarget {
  companyId: number;
  modelId: number;
  scenarioId: number;
  kind: UploadKind;
  dimensionId: number | null;
  /** For RECORDS: the relationship drivers (<CODE>_ID) and the dimension they point to. */
  relations: { name: string; targetDimensionId: number; targetCode: string }[];
}

/** Columns of the staging table of each kind, named as the file's columns; `line` is the file line. */
export const STAGE_COLUMNS: Record<UploadKind, readonly (readonly [string, string])[]> = {
  ACCOUNTS: [
    ["line", "integer"],
    ["account_code", "text"],
    ["name", "text"],
    ["expense_group", "text"],
  ],
  ACCOUNT_VALUES: [
    ["line", "integer"],
    ["account_code", "text"],
    ["amount", "numeric"],
  ],
  COST_POOLS: [
    ["line", "integer"],
    ["pool_code", "text"],
    ["name", "text"],
    ["is_direct", "boolean"],
  ],
  POOL_DRIVER_VALUES: [
    ["line", "integer"],
    ["driver_name", "text"],
    ["pool_code", "text"],
    ["value", "numeric"],
  ],
  RECORDS: [
    ["line", "integer"],
    ["identifier", "text"],
    ["fields", "jsonb"],
  ],
};

export function stageTableName(uploadId: number): string {
  if (!Number.isInteger(uploadId) || uploadId <= 0) throw new Error(`Invalid upload id ${uploadId}`);
  return `upload_stage_${uploadId}`;
}

/** A temporary table of the session (gone when it ends); created empty, dropped first if left over. */
export async function createStage(query: Query, table: string, kind: UploadKind): Promise<void> {
  await query(`drop table if exists ${table}`);
  const columns = STAGE_COLUMNS[kind].map(([name, type]) => `${name} ${type}`).join(", ");
  await query(`create temporary table ${table} (${columns})`);
}

export async function dropStage(query: Query, table: string): Promise<void> {
  await query(`drop table if exists ${table}`);
}
