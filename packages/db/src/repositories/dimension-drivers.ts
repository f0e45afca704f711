import type { Database } from "../client.ts";
import { driverChangesRepository } from "./dimension-drivers/driver-changes.ts";
import { driverRowsRepository } from "./dimension-drivers/drivers.ts";
import { driverSortIndexesRepository } from "./dimension-drivers/sort-indexes.ts";

// Drivers of dimensions: the rows (dimension-drivers/drivers.ts), renames and deletes with what
// they carry into the records (driver-changes.ts), and the drivers' sort indexes (sort-indexes.ts).

export type { DimensionDriver } from "./dimension-drivers/drivers.ts";
export { sortExpression } from "./dimension-drivers/sort-indexes.ts";

/** Drivers of dimensions (records' columns), with relationship drivers `<PARENT_CODE>_ID`. */
export function dimensionDriversRepository(db: Database) {
  return {
    ...driverRowsRepository(db),
    ...driverSortIndexesRepository(db),
    ...driverChangesRepository(db),
  };
}
