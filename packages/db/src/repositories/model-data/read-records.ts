import type { Executor } from "../../client.ts";
import { copyOut, decodeCopyField } from "./copy-text.ts";
import { rawQuery, sqlInteger, sqlLiteral } from "./raw-client.ts";

/** Number of records of each dimension of the scenario (dimension id -> count). */
export async function countRecords(
  companyId: number,
  scenarioId: number,
  executor: Executor,
): Promise<Map<number, number>> {
  const rows = await rawQuery<{ dimensionId: number; count: string | number }>(
    `select dimension_id as "dimensionId", count(*) as count from dimension_records
      where company_id = $1 and scenario_id = $2 group by dimension_id`,
    [companyId, scenarioId],
    executor,
  );
  return new Map(rows.map((r) => [r.dimensionId, Number(r.count)]));
}

/**
 * Streams the records of one dimension in identifier order (code-unit order: COLLATE "C"):
 * `cells[0]` is the identifier, then one cell per name of `fields` (that key of the record's
 * `fields` as text, null when absent). `cells` is reused from row to row. One COPY: streamed on
 * PostgreSQL; on PGlite written to a blob first (1M order lines: 13 s, against 88 s for batches of
 * 50,000 rows read by identifier; docs/performance.md, "Import").
 */
export async function streamRecords(
  where: { companyId: number; scenarioId: number; dimensionId: number },
  fields: readonly string[],
  onRow: (cells: (string | null)[]) => void,
  executor: Executor,
): Promise<number> {
  const columns = ["identifier", ...fields.map((f) => `fields->>${sqlLiteral(f)}`)].join(", ");
  const scope = `company_id = ${sqlInteger(where.companyId)} and scenario_id = ${sqlInteger(where.scenarioId)}
      and dimension_id = ${sqlInteger(where.dimensionId)}`;
  const cells: (string | null)[] = [];
  return copyOut(
    `select ${columns} from dimension_records where ${scope} order by identifier collate "C"`,
    (raw) => {
      cells.length = raw.length;
      for (let i = 0; i < raw.length; i++) cells[i] = decodeCopyField(raw[i]!);
      onRow(cells);
    },
    executor,
  );
}
