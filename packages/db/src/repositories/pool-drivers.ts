import type { Database } from "../client.ts";
import { poolDriverValuesRepository } from "./pool-drivers/driver-values.ts";
import { poolDriverRowsRepository } from "./pool-drivers/drivers.ts";

export type { PoolDriverValue } from "./pool-drivers/driver-values.ts";
export type { PoolDriver } from "./pool-drivers/drivers.ts";

/**
 * Cost-pool drivers of a model (pool-drivers/drivers.ts) and their values per pool in each
 * scenario (driver-values.ts).
 */
export function poolDriversRepository(db: Database) {
  return {
    ...poolDriverRowsRepository(db),
    ...poolDriverValuesRepository(db),
  };
}
