import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../client.ts";

// The sort index of each sortable driver over the records of its dimension (index DDL, built and
// dropped outside the transactions that change the driver).

/** Driver types whose values can be sorted on, so they get a sort index (see sortIndexSql). */
const SORTABLE_DRIVER_TYPES = new Set(["DECI", "TEXT", "DATE"]);

/** A string as an SQL literal (names go into index expressions, which take no parameters). */
function sqlLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

const sortIndexName = (driverId: number) => `dimension_records_driver_${driverId}_idx`;

/**
 * The expression a record list sorts on for this driver. Index and query must spell it the same
 * way (a literal key, not a parameter) for PostgreSQL to match them. jsonb orders numbers
 * numerically and strings (dates are YYYY-MM-DD) as text; a missing value is NULL, sorted last.
 */
export const sortExpression = (name: string) => `(fields -> ${sqlLiteral(name)})`;

/**
 * One partial index per sortable driver over the records of its dimension, in (scenario, value, id)
 * order: a page sorted by the driver reads ten index entries instead of sorting the dimension's
 * records (docs/performance.md, "Lists").
 */
function sortIndexSql(
  driver: { id: number; dimensionId: number; name: string },
  concurrently: boolean,
): string {
  return `create index ${concurrently ? "concurrently " : ""}if not exists ${sortIndexName(driver.id)}
    on dimension_records (scenario_id, ${sortExpression(driver.name)}, id)
    where dimension_id = ${Number(driver.dimensionId)}`;
}

export function driverSortIndexesRepository(db: Database) {
  return {
    /**
     * Builds the driver's sort index. Outside a transaction on PostgreSQL it is built
     * CONCURRENTLY, so writers of other dimensions' records are never blocked meanwhile.
     */
    async createSortIndex(
      driver: { id: number; dimensionId: number; name: string; dataType: string },
      options: { concurrently: boolean },
      tx: Executor = db,
    ): Promise<void> {
      if (!SORTABLE_DRIVER_TYPES.has(driver.dataType)) return;
      await tx.execute(sql.raw(sortIndexSql(driver, options.concurrently)));
    },

    /**
     * Drops the driver's sort index. Call it after the transaction that removed the driver: a drop
     * locks the whole records table until commit; CONCURRENTLY (PostgreSQL) does not lock writers.
     */
    async dropSortIndex(
      driverId: number,
      options: { concurrently: boolean },
      tx: Executor = db,
    ): Promise<void> {
      const concurrently = options.concurrently ? "concurrently " : "";
      await tx.execute(sql.raw(`drop index ${concurrently}if exists ${sortIndexName(driverId)}`));
    },
  };
}
