import type { Executor } from "../../client.ts";
import { copyOut } from "./copy-text.ts";
import { rawQuery, sqlInteger, sqlLiteral } from "./raw-client.ts";

/** Number of records of each dimension of the scenario (dimension id -> count). */
export async function countRecords(
  executor: Executor,
  companyId: number,
  scenarioId: number,
): Promise<Map<number, number>> {
  const rows = await rawQuery<{ dimensionId: number; count: string | number }>(
    executor,
    `select dimension_id as "dimensionId", count(*) as count from dimension_records
      where company_id = $1 and scenario_id = $2 group by dimension_id`,
    [companyId, scenarioId],
  );
  return new Map(rows.map((r) => [r.dimensionId, Number(r.count)]));
}

/**
 * Streams the records of one dimension in identifier order (code-unit order: COLLATE "C") as raw
 * COPY text fields: `cells[0]` is the identifier, then one cell per name of `fields` (the value of
 * that key of the record's `fields`, \N when absent or null). Decode text cells with
 * decodeCopyField; numbers never need decoding. `cells` is reused from row to row.
 */
export async function streamRecords(
  executor: Executor,
  where: { companyId: number; scenarioId: number; dimensionId: number },
  fields: readonly string[],
  onRow: (cells: string[]) => void,
): Promise<number> {
  const columns = ["identifier", ...fields.map((f) => `fields->>${sqlLiteral(f)}`)].join(", ");
  const select = `select ${columns} from dimension_records
    where company_id = ${sqlInteger(where.companyId)} and scenario_id = ${sqlInteger(where.scenarioId)}
      and dimension_id = ${sqlInteger(where.dimensionId)}
    order by identifier collate "C"`;
  return copyOut(executor, select, onRow);
}
