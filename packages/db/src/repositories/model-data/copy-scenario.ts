import type { Executor } from "../../client.ts";
import { analyzeTable } from "../analyze.ts";
import { rawQuery } from "./raw-client.ts";

// Copies a scenario's data into another scenario of the same model, in SQL (INSERT ... SELECT):
// nothing travels through the application, whatever the number of records.

/** Rule tables of the six allocation steps and their columns besides company and scenario. */
const STEP_TABLES: Record<number, { table: string; columns: string[] }> = {
  1: { table: "account_allocations", columns: ["source_id", "destination_id", "type", "ratio", "driver_id"] },
  2: {
    table: "cost_pool_allocations",
    columns: ["source_id", "destination_id", "type", "ratio", "driver_id"],
  },
  3: {
    table: "direct_allocations",
    columns: ["source_id", "destination_id", "type", "ratio", "tdabc_ratio"],
  },
  4: {
    table: "activity_allocations",
    columns: ["source_id", "destination_id", "split_type", "allocation_driver_id", "equation", "description"],
  },
  5: {
    table: "dimension_allocations",
    columns: [
      "source_activity_id",
      "source_parent_id",
      "destination_child_id",
      "split_type",
      "allocation_driver_id",
      "equation",
    ],
  },
  6: {
    table: "calculated_driver_allocations",
    columns: [
      "source_driver_id",
      "source_parent_id",
      "destination_child_id",
      "split_type",
      "allocation_driver_id",
      "equation",
    ],
  },
};

/** The scenario's own data, copied whatever the steps. */
const DATA_TABLES: { table: string; columns: string[] }[] = [
  { table: "account_values", columns: ["account_id", "amount"] },
  { table: "cost_pool_driver_values", columns: ["driver_id", "pool_id", "value"] },
  { table: "dimension_records", columns: ["dimension_id", "identifier", "fields"] },
  { table: "scenario_settings", columns: ["step2_strategy", "iteration_stop", "profit_line_code"] },
];

/**
 * Copies account values, pool-driver values, records and settings of scenario `from` into scenario
 * `to`, and the rule sets of `steps` (1..6). Both scenarios must be the company's, of one model.
 */
export async function copyScenarioData(
  companyId: number,
  from: number,
  to: number,
  steps: readonly number[],
  tx: Executor,
): Promise<void> {
  const tables = [...DATA_TABLES, ...[...new Set(steps)].sort().flatMap((s) => STEP_TABLES[s] ?? [])];
  for (const { table, columns } of tables) {
    const list = columns.join(", ");
    await rawQuery(
      `insert into ${table} (company_id, scenario_id, ${list})
       select company_id, $3, ${list} from ${table}
        where company_id = $1 and scenario_id = $2 order by id`,
      [companyId, from, to],
      tx,
    );
  }
  await analyzeTable("dimension_records", tx);
}
