import type { DocColumn, UploadKind } from "@costflow/contract/uploads";

/** A column of an uploaded file (the model bundle's columns, guide/model-bundle.md). */
export type FileColumn = DocColumn;

/** A dimension driver as a records file sees it. */
export interface RecordDriver {
  name: string;
  /** DECI, TEXT, DATE or DIMENSION (a relationship named <TARGET_CODE>_ID). */
  dataType: string;
  targetDimensionId: number | null;
  targetCode: string | null;
}

const column = (
  name: string,
  type: FileColumn["type"],
  required: boolean,
  references: FileColumn["references"] = null,
  dimension: string | null = null,
): FileColumn => ({ name, type, required, references, dimension });

const FIXED_COLUMNS: Record<Exclude<UploadKind, "RECORDS">, FileColumn[]> = {
  ACCOUNTS: [
    column("account_code", "CODE", true),
    column("name", "TEXT", false),
    column("expense_group", "TEXT", false),
  ],
  ACCOUNT_VALUES: [column("account_code", "REFERENCE", true, "ACCOUNTS"), column("amount", "DECIMAL", true)],
  COST_POOLS: [
    column("pool_code", "CODE", true),
    column("name", "TEXT", false),
    column("is_direct", "BOOLEAN", true),
  ],
  POOL_DRIVER_VALUES: [
    column("driver_name", "REFERENCE", true, "POOL_DRIVERS"),
    column("pool_code", "REFERENCE", true, "COST_POOLS"),
    column("value", "DECIMAL", true),
  ],
};

/** The key columns of each kind: what MERGE matches on and APPEND refuses twice. */
export const KEY_COLUMNS: Record<UploadKind, string[]> = {
  ACCOUNTS: ["account_code"],
  ACCOUNT_VALUES: ["account_code"],
  COST_POOLS: ["pool_code"],
  POOL_DRIVER_VALUES: ["driver_name", "pool_code"],
  RECORDS: ["identifier"],
};

const BUNDLE_FILES: Record<Exclude<UploadKind, "RECORDS">, string> = {
  ACCOUNTS: "accounts.csv",
  ACCOUNT_VALUES: "account_values.csv",
  COST_POOLS: "cost_pools.csv",
  POOL_DRIVER_VALUES: "pool_driver_values.csv",
};

export function bundleFileName(kind: UploadKind, dimensionCode?: string): string {
  return kind === "RECORDS" ? `records/${dimensionCode}.csv` : BUNDLE_FILES[kind];
}

/** Column type of a dimension driver's data type. */
function driverColumn(driver: RecordDriver): FileColumn {
  switch (driver.dataType) {
    case "DECI":
      return column(driver.name, "DECIMAL", false);
    case "DATE":
      return column(driver.name, "DATE", false);
    case "DIMENSION":
      return column(driver.name, "REFERENCE", false, "RECORDS", driver.targetCode);
    default:
      return column(driver.name, "TEXT", false);
  }
}

/**
 * The columns a file of `kind` may have, in template order. Records: `identifier`, then one
 * column per driver of the dimension (each optional: a missing column is a missing value).
 */
export function fileColumns(kind: UploadKind, drivers: readonly RecordDriver[] = []): FileColumn[] {
  if (kind !== "RECORDS") return FIXED_COLUMNS[kind];
  return [column("identifier", "CODE", true), ...drivers.map(driverColumn)];
}
