import type { Database } from "../../client.ts";
import { copyOutBytes } from "../model-data/copy-text.ts";
import { sqlInteger } from "../model-data/raw-client.ts";
import type { Run } from "./bi-sql.ts";
import { recordJoin, runScope } from "./run-tables.ts";

// The BI template's large tables as CSV made by the database (docs/exports.md, "BI template"; the
// export thread expands fact_pnl_line, dim_record_driver and the split by activity of
// fact_record_cost itself, apps/api/src/modules/export-files/expanded-csv.ts and record-cost-csv.ts):
// `COPY … TO STDOUT WITH (FORMAT csv)` streamed as it comes, so the export's process only
// compresses. Each select gives the columns of its table in bi-star-dimensions.ts or bi-star-facts.ts, cell for cell as
// the Parquet and Excel files have them (a test compares the two formats on every table):
// amounts in major units with the currency's decimals, text cells neutralised for spreadsheets
// as lib/spreadsheet-cells.ts does, no header line. Only dim_record is ordered (by key): the other
// tables are sets of rows, and sorting tens of millions of them would cost more than writing them.

/** `expr` (bigint, minor units) in major units with exactly `digits` decimals, as numeric. */
function majorSql(expr: string, digits: number): string {
  sqlInteger(digits);
  return digits === 0 ? `${expr}::numeric` : `(${expr}::numeric * 0.${"0".repeat(digits - 1)}1)`;
}

/**
 * A text cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return, and not a plain number) gets a leading `'`: neutraliseCell of lib/spreadsheet-cells.ts.
 */
function neutralisedSql(cell: string): string {
  const expr = `(${cell})`;
  // The first character is looked at before any pattern: most cells end there.
  return `case when left(${expr}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r')
      and ${expr} !~ '^[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?$'
    then '''' || ${expr} else ${expr} end`;
}

/** The large-table CSV reads of the BI export; `digits`: the decimals of the scenario's currency. */
export function biCsvTablesRepository(db: Database) {
  const csv = (select: string, hashJoins = false) => copyOutBytes(select, { hashJoins, format: "csv" }, db);

  return {
    /** dim_record: record_key, dimension_key, identifier, by record id. */
    recordsCsv(companyId: number, scenarioId: number): AsyncIterable<Uint8Array> {
      return csv(`select id, dimension_id, ${neutralisedSql("identifier")} from dimension_records
        where company_id = ${sqlInteger(companyId)} and scenario_id = ${sqlInteger(scenarioId)} order by id`);
    },

    /** fact_record of one dimension: record_key, dimension_key, resting, cost, unallocated, not_allocated, profit. */
    runRecordsCsv(
      run: Run,
      scenarioId: number,
      dimensionId: number,
      digits: number,
    ): AsyncIterable<Uint8Array> {
      return csv(
        `select d.id, rr.dimension_id, ${majorSql("rr.resting", digits)}, ${majorSql("rr.cost", digits)},
            ${majorSql("rr.unallocated", digits)}, ${majorSql("rr.not_allocated", digits)}, rr.profit
          from result_records rr ${recordJoin(scenarioId)}
          where ${runScope("rr", run, dimensionId)}`,
        true,
      );
    },

    /**
     * fact_record_cost of a dimension without detail arrays (over the detail limit: the export
     * thread splits the others by activity, record-cost-csv.ts): one REST row per record whose
     * resting cost is not zero (record_key, dimension_key, activity_key, pool_key, step, origin, amount).
     */
    restRowsCsv(
      run: Run,
      scenarioId: number,
      dimensionId: number,
      digits: number,
    ): AsyncIterable<Uint8Array> {
      return csv(
        `select d.id, ${sqlInteger(dimensionId)}, null, null, null, 'REST', ${majorSql("rr.resting", digits)}
          from result_records rr ${recordJoin(scenarioId)}
          where ${runScope("rr", run, dimensionId)} and rr.resting <> 0`,
        true,
      );
    },
  };
}
