import { sql } from "drizzle-orm";
import type { Database } from "../../client.ts";
import { copyOutBytes, copyOutLines } from "../model-data/copy-text.ts";
import { sqlInteger } from "../model-data/raw-client.ts";
import { num, rawReads, str } from "./bi-sql.ts";

// The BI export's model and scenario tables: the model's master data (accounts, pools,
// activities, dimensions, P&L lines) and the scenario's records with their driver values.

export function biModelTablesRepository(db: Database) {
  const { rows, count } = rawReads(db);

  return {
    async accounts(companyId: number, modelId: number) {
      return (
        await rows(sql`select id, code, name, expense_group from financial_accounts
          where company_id = ${companyId} and model_id = ${modelId} order by id`)
      ).map((r) => [num(r.id), str(r.code), str(r.name), str(r.expense_group)]);
    },

    async pools(companyId: number, modelId: number) {
      return (
        await rows(sql`select id, code, name, is_direct from cost_pools
          where company_id = ${companyId} and model_id = ${modelId} order by id`)
      ).map((r) => [num(r.id), str(r.code), str(r.name), r.is_direct === true || r.is_direct === "t"]);
    },

    async activities(companyId: number, modelId: number) {
      return (
        await rows(sql`select id, code, name, description, is_tdabc, cost_pool_id from activities
          where company_id = ${companyId} and model_id = ${modelId} order by id`)
      ).map((r) => [
        num(r.id),
        str(r.code),
        str(r.name),
        str(r.description),
        r.is_tdabc === true || r.is_tdabc === "t",
        num(r.cost_pool_id),
      ]);
    },

    async dimensions(companyId: number, modelId: number) {
      return (
        await rows(sql`select id, code, name, parent_id from dimensions
          where company_id = ${companyId} and model_id = ${modelId} order by id`)
      ).map((r) => [num(r.id), str(r.code), str(r.name), num(r.parent_id)]);
    },

    async pnlLines(companyId: number, modelId: number) {
      return (
        await rows(sql`select l.id, l.code, l.description, l.category, l.factor, p.code as parent_code,
            l.rank, l.activity_id, l.dimension_id, l.formula
          from report_lines l left join report_lines p on p.company_id = l.company_id and p.id = l.parent_id
          where l.company_id = ${companyId} and l.model_id = ${modelId} order by l.rank, l.id`)
      ).map((r) => [
        num(r.id),
        str(r.code),
        str(r.description),
        str(r.category),
        num(r.factor),
        str(r.parent_code),
        num(r.rank),
        num(r.activity_id),
        num(r.dimension_id),
        str(r.formula),
      ]);
    },

    async countRecords(companyId: number, scenarioId: number) {
      return count(sql`select count(*) as n from dimension_records
        where company_id = ${companyId} and scenario_id = ${scenarioId}`);
    },

    /**
     * Driver values of the scenario's records (non-null fields), estimated from the first 1,000
     * records (by id) times the record count: for progress, where the exact count (a pass over every
     * record's fields) would cost as much as a tenth of the export.
     */
    async estimateRecordDrivers(companyId: number, scenarioId: number) {
      const sample = (
        await rows(sql`select count(*) as sampled, coalesce(sum((select count(*) from jsonb_each(s.fields) e
            where jsonb_typeof(e.value) <> 'null')), 0) as fields,
            (select count(*) from dimension_records
              where company_id = ${companyId} and scenario_id = ${scenarioId}) as records
          from (select fields from dimension_records where company_id = ${companyId} and scenario_id = ${scenarioId}
            order by id limit 1000) s`)
      )[0];
      const sampled = Number(sample?.sampled ?? 0);
      if (sampled === 0) return 0;
      return Math.round((Number(sample?.fields) / sampled) * Number(sample?.records));
    },

    /** Driver values of the scenario's records (non-null fields). */
    async countRecordDrivers(companyId: number, scenarioId: number) {
      return count(sql`select count(*) as n from dimension_records r cross join lateral jsonb_each(r.fields) e
        where r.company_id = ${companyId} and r.scenario_id = ${scenarioId} and jsonb_typeof(e.value) <> 'null'`);
    },

    /**
     * COPY text bytes of the scenario's records that have fields, in no particular order: id,
     * fields (jsonb as text). dim_record_driver's CSV is expanded from it (one row per field).
     */
    recordFieldsCopy(companyId: number, scenarioId: number): AsyncIterable<Uint8Array> {
      return copyOutBytes(
        `select id, fields from dimension_records
          where company_id = ${sqlInteger(companyId)} and scenario_id = ${sqlInteger(scenarioId)} and fields <> '{}'`,
        { format: "text" },
        db,
      );
    },

    /**
     * COPY text (decode with forEachCopyRow) of the scenario's records by id: id, dimension id,
     * identifier, fields (jsonb as text). One statement, read as it is consumed.
     */
    recordLines(companyId: number, scenarioId: number): AsyncIterable<string> {
      return copyOutLines(
        `select id, dimension_id, identifier, fields from dimension_records
          where company_id = ${sqlInteger(companyId)} and scenario_id = ${sqlInteger(scenarioId)} order by id`,
        {},
        db,
      );
    },
  };
}
