import { sql } from "drizzle-orm";
import type { Database } from "../../client.ts";
import { copyOutBytes, copyOutLines, forEachCopyRow, readIntegerArray } from "../model-data/copy-text.ts";
import { sqlInteger } from "../model-data/raw-client.ts";
import { columnsOf, RECORD_BLOCK, valuesAt } from "../report-data/record-blocks.ts";
import { bytesView } from "../report-data/report-sql.ts";
import { num, type Run, rawReads } from "./bi-sql.ts";

// The BI export's tables of a run: the step 1-3 flows, what reached no destination, the record
// totals and the detail arrays that carry cost per activity, and a report run's P&L values.

/** The rows (alias `alias`) of one dimension in the run. */
export const runScope = (alias: string, run: Run, dimensionId: number) =>
  `${alias}.company_id = ${sqlInteger(run.companyId)} and ${alias}.calculation_id = ${sqlInteger(run.calculationId)}
    and ${alias}.dimension_id = ${sqlInteger(dimensionId)}`;
/** The dimension record (alias d) of a result row (alias rr) by identifier. */
export const recordJoin = (
  scenarioId: number,
) => `left join dimension_records d on d.company_id = rr.company_id
    and d.scenario_id = ${sqlInteger(scenarioId)} and d.dimension_id = rr.dimension_id and d.identifier = rr.identifier`;

/** The activity of a cost-carrying detail array (alias v, with s, p of costVectorsOf). */
export const COST_VECTOR_ACTIVITY = "(case when v.step = 4 then s.source_id else p.source_id end)";

/**
 * The detail arrays (alias v) of a dimension in the run that carry cost per activity (docs/reports.md,
 * "Trace"): step 4 ALLOCATED (an activity's amount per record), step 5 RECEIVED and SENT per push,
 * joined to the step-4 source (s) or the push (p) that names the activity (a, with its pool).
 */
export const costVectorsOf = (run: Run, dimensionId: number) => `result_vectors v
  left join result_sources s on v.step = 4 and s.company_id = v.company_id
    and s.calculation_id = v.calculation_id and s.step = 4 and s.row_no = v.source_no
  left join result_pushes p on v.step = 5 and p.company_id = v.company_id
    and p.calculation_id = v.calculation_id and p.step = 5 and p.push_no = v.source_no
  left join activities a on a.company_id = v.company_id and a.id = ${COST_VECTOR_ACTIVITY}
  where v.company_id = ${sqlInteger(run.companyId)} and v.calculation_id = ${sqlInteger(run.calculationId)}
    and v.dimension_id = ${sqlInteger(dimensionId)}
    and ((v.step = 4 and v.kind = 'ALLOCATED') or (v.step = 5 and v.kind in ('RECEIVED', 'SENT')))`;

export function biRunTablesRepository(db: Database) {
  const { rows, count } = rawReads(db);

  return {
    async countFlows(run: Run) {
      return count(sql`select count(*) as n from result_allocations
        where company_id = ${run.companyId} and calculation_id = ${run.calculationId} and step between 1 and 3`);
    },

    /** Rule rows of steps 1-3 (keyset on step, row_no). */
    async flows(run: Run, after: [number, number], limit: number) {
      return (
        await rows(sql`select step, row_no, source_id, source_code, destination_id, destination_code, amount, reciprocal
          from result_allocations
          where company_id = ${run.companyId} and calculation_id = ${run.calculationId} and step between 1 and 3
            and (step, row_no) > (${after[0]}, ${after[1]})
          order by step, row_no limit ${limit}`)
      ).map((r) => ({
        step: Number(r.step),
        rowNo: Number(r.row_no),
        sourceId: num(r.source_id),
        sourceCode: String(r.source_code),
        destinationId: num(r.destination_id),
        destinationCode: String(r.destination_code),
        amount: Number(r.amount),
        reciprocal: r.reciprocal === true || r.reciprocal === "t",
      }));
    },

    /** Amounts of steps 1-4 that reached no destination, per source. */
    async unallocated(run: Run) {
      return (
        await rows(sql`select step, source_id, source_code, unallocated_amount from result_sources
          where company_id = ${run.companyId} and calculation_id = ${run.calculationId} and step between 1 and 4
            and unallocated_amount <> 0
          order by step, row_no`)
      ).map((r) => ({
        step: Number(r.step),
        sourceId: num(r.source_id),
        sourceCode: String(r.source_code),
        amount: Number(r.unallocated_amount),
      }));
    },

    /**
     * Cells of the run's detail arrays that carry cost per activity (zeros included): a bound on
     * fact_record_cost's split rows, for progress.
     */
    async countCostVectorCells(run: Run) {
      return count(sql`select coalesce(sum(cardinality(amounts)), 0) as n from result_vectors
        where company_id = ${run.companyId} and calculation_id = ${run.calculationId}
          and ((step = 4 and kind = 'ALLOCATED') or (step = 5 and kind in ('RECEIVED', 'SENT')))`);
    },

    /** Dimensions of the run's records with their record count. */
    async runDimensions(run: Run) {
      return (
        await rows(sql`select dimension_id, max(record_no) + 1 as n from result_records
          where company_id = ${run.companyId} and calculation_id = ${run.calculationId} and dimension_id is not null
          group by dimension_id order by dimension_id`)
      ).map((r) => ({ dimensionId: Number(r.dimension_id), records: Number(r.n) }));
    },

    /**
     * The detail arrays of a dimension that carry cost per activity (docs/reports.md, "Trace"):
     * step 4 ALLOCATED (an activity's amount per record), step 5 RECEIVED (+) and SENT (−) per push,
     * with the activity and its pool. Metadata only; the entries come from vectorEntries.
     */
    async costVectors(run: Run, dimensionId: number) {
      return (
        await rows(
          sql.raw(`select v.step, v.kind, v.source_no, ${COST_VECTOR_ACTIVITY} as activity_id, a.cost_pool_id
            from ${costVectorsOf(run, dimensionId)} order by v.step, v.source_no, v.kind`),
        )
      ).map((r) => ({
        step: Number(r.step),
        kind: String(r.kind),
        sourceNo: Number(r.source_no),
        activityId: num(r.activity_id),
        poolId: num(r.cost_pool_id),
      }));
    },

    /**
     * COPY text bytes of a dimension's cost-carrying detail arrays, one row each in the order of
     * costVectors: step, kind, activity id, pool id, amounts (a bigint array, by record number).
     */
    costVectorsCopy(run: Run, dimensionId: number): AsyncIterable<Uint8Array> {
      return copyOutBytes(
        `select v.step, v.kind, ${COST_VECTOR_ACTIVITY}, a.cost_pool_id, v.amounts
          from ${costVectorsOf(run, dimensionId)} order by v.step, v.source_no, v.kind`,
        { format: "text" },
        db,
      );
    },

    /**
     * The non-zero entries of one detail array (record_no, amount): the array read once, as one
     * row of text parsed in place (as rows of (record_no, amount), the driver's row objects took
     * a fifth of the Parquet table thread's time at size L).
     */
    async vectorEntries(
      run: Run,
      dimensionId: number,
      vector: { step: number; kind: string; sourceNo: number },
    ): Promise<{ recordNos: Int32Array; amounts: Float64Array }> {
      const [found] = await rows(sql`select v.amounts::text as amounts from result_vectors v
        where v.company_id = ${run.companyId} and v.calculation_id = ${run.calculationId}
          and v.dimension_id = ${dimensionId} and v.step = ${vector.step} and v.kind = ${vector.kind}
          and v.source_no = ${vector.sourceNo}`);
      const text = found ? String(found.amounts) : "{}";
      let length = 1;
      for (let i = text.indexOf(","); i >= 0; i = text.indexOf(",", i + 1)) length++;
      const values = new Float64Array(length);
      const count = readIntegerArray(text, values);
      let nonZero = 0;
      for (let i = 0; i < count; i++) if (values[i] !== 0) nonZero++;
      const recordNos = new Int32Array(nonZero);
      const amounts = new Float64Array(nonZero);
      for (let i = 0, k = 0; i < count; i++) {
        if (values[i] === 0) continue;
        recordNos[k] = i;
        amounts[k++] = values[i]!;
      }
      return { recordNos, amounts };
    },

    /** The P&L dimensions of a report run: line codes in `columns` order. */
    async reportDimensions(run: Run) {
      return (
        await rows(sql`select dimension_id, records, columns from report_dimensions
          where company_id = ${run.companyId} and calculation_id = ${run.calculationId} order by dimension_id`)
      ).map((r) => ({
        dimensionId: Number(r.dimension_id),
        records: Number(r.records),
        columns: (r.columns as string[]).map(String),
      }));
    },

    /**
     * COPY text of a dimension's records in the run, in no particular order (each row names its
     * record_no; a sort of 5 million rows at size L cost more than the readers gain): record_no,
     * record id (empty when the record is gone), resting, cost, unallocated, not_allocated (minor
     * units), profit. The record id comes from one join over the dimension's records (a hash
     * join), not a probe per row.
     */
    runRecordLines(run: Run, scenarioId: number, dimensionId: number): AsyncIterable<string> {
      return copyOutLines(
        `select rr.record_no, d.id, rr.resting, rr.cost, rr.unallocated, rr.not_allocated, rr.profit
          from result_records rr ${recordJoin(scenarioId)}
          where ${runScope("rr", run, dimensionId)}`,
        { hashJoins: true },
        db,
      );
    },

    /**
     * COPY text bytes of a dimension's P&L values in a report run, in record order: record id,
     * values (an array). fact_pnl_line's CSV is expanded from it (one row per line).
     */
    async *reportRecordValuesCopy(
      run: Run,
      scenarioId: number,
      dimensionId: number,
    ): AsyncIterable<Uint8Array> {
      for await (const text of recordValueText(db, run, scenarioId, dimensionId, false))
        yield Buffer.from(text, "utf8");
    },

    /**
     * COPY text of a dimension's P&L values in a report run, in record order: record_no, record
     * id, values (an array).
     */
    reportRecordLines(run: Run, scenarioId: number, dimensionId: number): AsyncIterable<string> {
      return recordValueText(db, run, scenarioId, dimensionId, true);
    },
  };
}

/** Blocks of report_records decoded per read (16,384 records). */
const BLOCKS_PER_READ = 64;

/**
 * The rows of a dimension's records in a report run as COPY text (`[record_no \t] id \t {values}`,
 * id `\N` when the record is gone), whole rows per piece: the ids joined by identifier in the
 * database (one hash join), the values decoded from the blocks here (PostgreSQL would decode each
 * 8-byte value from its bytea through text).
 */
async function* recordValueText(
  db: Database,
  run: Run,
  scenarioId: number,
  dimensionId: number,
  withNo: boolean,
): AsyncGenerator<string> {
  const { rows } = rawReads(db);
  const scope = sql`company_id = ${run.companyId} and calculation_id = ${run.calculationId} and dimension_id = ${dimensionId}`;
  const [size] = await rows(
    sql`select coalesce(sum(records), 0) as n, coalesce(max(block_no), -1) as last from report_records where ${scope}`,
  );
  const ids = new Float64Array(Number(size?.n ?? 0)).fill(Number.NaN);
  for await (const text of copyOutLines(
    `select b.block_no * ${RECORD_BLOCK} + u.i - 1, d.id from report_records b
      cross join lateral unnest(b.identifiers) with ordinality as u(identifier, i)
      left join dimension_records d on d.company_id = b.company_id and d.scenario_id = ${sqlInteger(scenarioId)}
        and d.dimension_id = b.dimension_id and d.identifier = u.identifier
      where ${runScope("b", run, dimensionId)}`,
    { hashJoins: true },
    db,
  )) {
    forEachCopyRow(text, ([no, id]) => {
      if (id !== "\\N") ids[Number(no)] = Number(id);
    });
  }
  const last = Number(size?.last ?? -1);
  for (let first = 0; first <= last; first += BLOCKS_PER_READ) {
    const blocks = await rows(sql`select block_no, record_bytes, "values" from report_records
      where ${scope} and block_no between ${first} and ${first + BLOCKS_PER_READ - 1} order by block_no`);
    const out: string[] = [];
    for (const block of blocks) {
      const view = bytesView(block.values);
      const bytes = Number(block.record_bytes);
      const columns = columnsOf(bytes);
      let no = Number(block.block_no) * RECORD_BLOCK;
      for (let at = 0; at + bytes <= view.byteLength; at += bytes, no++) {
        const id = ids[no]!;
        const row = `${Number.isNaN(id) ? "\\N" : id}\t{${valuesAt(view, at, columns).join(",")}}\n`;
        out.push(withNo ? `${no}\t${row}` : row);
      }
    }
    if (out.length) yield out.join("");
  }
}
