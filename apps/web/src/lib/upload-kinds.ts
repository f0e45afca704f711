import type { UploadKind, UploadMode } from "./api/upload-file";

/** What a file can hold (contract uploads.ts); RECORDS needs a dimension. */
export const UPLOAD_KIND_LABELS: Record<UploadKind, string> = {
  ACCOUNTS: "model:software.kinds.accounts",
  ACCOUNT_VALUES: "model:software.kinds.accountValues",
  COST_POOLS: "model:software.kinds.costPools",
  POOL_DRIVER_VALUES: "model:software.kinds.poolDriverValues",
  RECORDS: "model:software.kinds.records",
};

export const MODE_LABELS: Record<UploadMode, string> = {
  MERGE: "model:software.modes.merge",
  APPEND: "model:software.modes.append",
  REPLACE: "model:software.modes.replace",
};
