import { sql } from "drizzle-orm";
import type { Database } from "../../client.ts";
import { rawExecute, textArray } from "./trace-sql.ts";

// The traced record and the records that reach it through relationship drivers, in the scenario's
// data (dimension_records), with the model's relationship drivers.

interface TraceRecord {
  id: number;
  dimensionId: number;
  identifier: string;
  name: string;
}

// The display name of a record: its first field called `name` or ending in `_name`, else the identifier.
const nameOf = (alias: string) =>
  sql.raw(`coalesce((select e.value from jsonb_each_text(${alias}.fields) e
    where lower(e.key) = 'name' or lower(e.key) like '%\\_name' order by e.key limit 1), ${alias}.identifier)`);

export function traceRecordsRepository(db: Database) {
  const execute = rawExecute(db);

  return {
    /** A record of the scenario by id. */
    async record(companyId: number, scenarioId: number, id: number): Promise<TraceRecord | undefined> {
      const { rows } = await execute(sql`select r.id, r.dimension_id, r.identifier, ${nameOf("r")} as name
        from dimension_records r
        where r.company_id = ${companyId} and r.scenario_id = ${scenarioId} and r.id = ${id}`);
      const r = rows[0];
      return r
        ? {
            id: Number(r.id),
            dimensionId: Number(r.dimension_id),
            identifier: String(r.identifier),
            name: String(r.name),
          }
        : undefined;
    },

    /** Records of one dimension by identifier, with ids and names. */
    async recordsByIdentifier(
      companyId: number,
      scenarioId: number,
      dimensionId: number,
      identifiers: readonly string[],
    ): Promise<TraceRecord[]> {
      if (identifiers.length === 0) return [];
      const { rows } = await execute(sql`select r.id, r.dimension_id, r.identifier, ${nameOf("r")} as name
        from dimension_records r
        where r.company_id = ${companyId} and r.scenario_id = ${scenarioId} and r.dimension_id = ${dimensionId}
          and r.identifier = any(${textArray(identifiers)}::text[])`);
      return rows.map((r) => ({
        id: Number(r.id),
        dimensionId: Number(r.dimension_id),
        identifier: String(r.identifier),
        name: String(r.name),
      }));
    },

    /**
     * The relationship drivers of the model a dimension belongs to, each dimension's name with
     * them: (dimension, driver name) -> target dimension.
     */
    async relationships(
      companyId: number,
      dimensionId: number,
    ): Promise<{
      edges: { dimensionId: number; name: string; targetId: number }[];
      names: Map<number, string>;
    }> {
      const model = sql`(select m.model_id from dimensions m where m.company_id = ${companyId} and m.id = ${dimensionId})`;
      const { rows } =
        await execute(sql`select d.dimension_id, d.name, d.target_dimension_id from dimension_drivers d
        join dimensions x on x.company_id = d.company_id and x.id = d.dimension_id
        where d.company_id = ${companyId} and d.data_type = 'DIMENSION' and x.model_id = ${model}
        order by d.dimension_id, d.name`);
      const names = await execute(
        sql`select x.id, x.name from dimensions x where x.company_id = ${companyId} and x.model_id = ${model}`,
      );
      return {
        edges: rows.map((r) => ({
          dimensionId: Number(r.dimension_id),
          name: String(r.name),
          targetId: Number(r.target_dimension_id),
        })),
        names: new Map(names.rows.map((r) => [Number(r.id), String(r.name)])),
      };
    },

    /** Identifiers of the records of `dimensionId` whose relationship driver `driver` names one of `targets`. */
    async pointingTo(
      companyId: number,
      scenarioId: number,
      dimensionId: number,
      driver: string,
      targets: readonly string[],
    ): Promise<string[]> {
      if (targets.length === 0) return [];
      const { rows } = await execute(sql`select r.identifier from dimension_records r
        where r.company_id = ${companyId} and r.scenario_id = ${scenarioId} and r.dimension_id = ${dimensionId}
          and r.fields ->> ${driver} = any(${textArray(targets)}::text[])`);
      return rows.map((r) => String(r.identifier));
    },
  };
}
