import { readIntegerArray } from "@costflow/db/repositories/model-data/copy-text";
import { neutraliseCell } from "../../lib/spreadsheet-cells.ts";
import {
  ChunkBuilder,
  c,
  chunkOf,
  copyChunks,
  int64,
  type StarChunk,
  type StarSource,
  type StarTable,
  small,
} from "./bi-star-columns.ts";
import { pnlLinesCsv } from "./expanded-csv.ts";
import { BI_CHUNK_ROWS, EXPORT_CHUNK_ROWS } from "./export-settings.ts";
import { recordCostCsv, recordKeysAndResting } from "./record-cost-csv.ts";

// The fact tables of the BI template (fact_*): the amounts, in major units of the scenario's
// currency, by keys of the dimension tables.

export function factFlow({ repo, run, major }: StarSource): StarTable {
  return {
    name: "fact_flow",
    description:
      "Steps 1-3 of the calculation: account → pool (step 1), indirect pool → pool (step 2, reciprocal flows flagged), direct pool → activity (step 3). One row per rule row.",
    columns: [
      c("step", "INT32", "1, 2 or 3."),
      c("row_no", "INT32", "Row number of the rule row within its step."),
      c("source_type", "STRING", "ACCOUNT (step 1) or POOL (steps 2 and 3)."),
      c("source_key", "INT64", "dim_account.account_key (step 1) or dim_pool.pool_key."),
      c("source_code", "STRING", "Code of the source."),
      c("destination_type", "STRING", "POOL (steps 1 and 2) or ACTIVITY (step 3)."),
      c("destination_key", "INT64", "dim_pool.pool_key or dim_activity.activity_key."),
      c("destination_code", "STRING", "Code of the destination."),
      c("amount", "DOUBLE", "Amount that flowed, in the scenario's currency.", true),
      c("reciprocal", "BOOLEAN", "Step 2: a flow between indirect pools solved simultaneously."),
    ],
    count: () => repo.countFlows(run),
    async *chunks() {
      for (let after: [number, number] = [0, 0]; ; ) {
        const rows = await repo.flows(run, after, EXPORT_CHUNK_ROWS);
        if (!rows.length) return;
        yield chunkOf(
          this.columns,
          rows.map((r) => [
            r.step,
            r.rowNo,
            r.step === 1 ? "ACCOUNT" : "POOL",
            r.sourceId,
            r.sourceCode,
            r.step === 3 ? "ACTIVITY" : "POOL",
            r.destinationId,
            r.destinationCode,
            major(r.amount),
            r.reciprocal,
          ]),
        );
        const last = rows[rows.length - 1]!;
        after = [last.step, last.rowNo];
      }
    },
  };
}

export function factUnallocated({ repo, run, major }: StarSource): StarTable {
  return small(
    "fact_unallocated",
    "Amounts that reached no destination in steps 1-4 (e.g. unused capacity of a time-driven pool), per source. Σ fact_record_cost.amount + Σ fact_unallocated.amount = the general-ledger total.",
    [
      c("step", "INT32", "Step 1 to 4."),
      c("source_type", "STRING", "ACCOUNT (step 1), POOL (steps 2 and 3) or ACTIVITY (step 4)."),
      c("source_key", "INT64", "Key of the source in dim_account, dim_pool or dim_activity."),
      c("source_code", "STRING", "Code of the source."),
      c("amount", "DOUBLE", "Amount left unallocated, in the scenario's currency.", true),
    ],
    async () =>
      (await repo.unallocated(run)).map((r) => [
        r.step,
        r.step === 1 ? "ACCOUNT" : r.step === 4 ? "ACTIVITY" : "POOL",
        r.sourceId,
        r.sourceCode,
        major(r.amount),
      ]),
  );
}

/**
 * fact_record_cost of one dimension from its detail arrays: per record its key and resting cost
 * (typed arrays: 16 bytes a record), then each detail array read once, then what the arrays do
 * not explain (REST).
 */
async function* recordCostChunks(
  source: StarSource,
  dimensionId: number,
  records: number,
  vectors: Awaited<ReturnType<StarSource["repo"]["costVectors"]>>,
): AsyncIterable<StarChunk> {
  const { repo, run, major, dimensionKey } = source;
  const { keys, resting } = await recordKeysAndResting(source, dimensionId, records);
  const explained = new Float64Array(records);
  const keyOf = (no: number) => (Number.isNaN(keys[no]!) ? null : keys[no]!);
  const dimension = dimensionKey(dimensionId);
  for (const vector of vectors) {
    const sign = vector.kind === "SENT" ? -1 : 1;
    const activity = int64(vector.activityId);
    const pool = int64(vector.poolId);
    const { recordNos, amounts } = await repo.vectorEntries(run, dimensionId, vector);
    for (let i = 0; i < recordNos.length; i += BI_CHUNK_ROWS) {
      const out = new ChunkBuilder(7);
      const [k, d, a, p, st, o, m] = out.columns;
      for (let j = i; j < Math.min(recordNos.length, i + BI_CHUNK_ROWS); j++) {
        const no = recordNos[j]!;
        const amount = sign * amounts[j]!;
        explained[no] = explained[no]! + amount;
        k!.push(keyOf(no));
        d!.push(dimension);
        a!.push(activity);
        p!.push(pool);
        st!.push(vector.step);
        o!.push(vector.kind);
        m!.push(major(amount));
      }
      yield out.take();
    }
  }
  const out = new ChunkBuilder(7);
  for (let no = 0; no < records; no++) {
    const rest = resting[no]! - explained[no]!;
    if (rest === 0) continue;
    const [k, d, a, p, st, o, m] = out.columns;
    k!.push(keyOf(no));
    d!.push(dimension);
    a!.push(null);
    p!.push(null);
    st!.push(null);
    o!.push("REST");
    m!.push(major(rest));
    if (out.rows >= BI_CHUNK_ROWS) yield out.take();
  }
  if (out.rows) yield out.take();
}

export function factRecordCost(source: StarSource): StarTable {
  const { repo, run, scenarioId, digits, dimensionsOfRun } = source;
  return {
    name: "fact_record_cost",
    description:
      "Cost resting on each record by activity after steps 4 and 5, with the activity's pool (pools trace back to accounts through fact_flow): what step 4 allocated to the record (origin ALLOCATED), what step-5 pushes brought (RECEIVED, positive) and passed down to child records (SENT, negative). A row of origin REST, without activity, holds what the calculation's stored detail does not split by activity (dimensions over the detail limit). The rows of a record add up to fact_record.resting.",
    columns: [
      c("record_key", "INT64", "The record (dim_record.record_key)."),
      c("dimension_key", "INT64", "The record's dimension."),
      c("activity_key", "INT64", "The activity (dim_activity.activity_key); empty for REST."),
      c("pool_key", "INT64", "The activity's cost pool (dim_pool.pool_key)."),
      c("step", "INT32", "4 (ALLOCATED), 5 (RECEIVED, SENT); empty for REST."),
      c("origin", "STRING", "ALLOCATED, RECEIVED, SENT or REST (see the table's description)."),
      c("amount", "DOUBLE", "Cost, in the scenario's currency.", true),
    ],
    // At least a row per record (Excel's limit is checked again while writing, where the split
    // by activity can make more).
    count: async () => (await dimensionsOfRun()).reduce((s, d) => s + d.records, 0),
    // A row per non-zero cell of the detail arrays, and a REST row per record at most.
    estimate: async () =>
      (await dimensionsOfRun()).reduce((s, d) => s + d.records, 0) + (await repo.countCostVectorCells(run)),
    async *chunks() {
      for (const { dimensionId, records } of await dimensionsOfRun())
        yield* recordCostChunks(source, dimensionId, records, await repo.costVectors(run, dimensionId));
    },
    async *csv() {
      for (const { dimensionId, records } of await dimensionsOfRun()) {
        // With detail arrays the thread splits them; without, one REST row a record, by the database.
        if ((await repo.costVectors(run, dimensionId)).length)
          yield* recordCostCsv(source, dimensionId, records);
        else yield* repo.restRowsCsv(run, scenarioId, dimensionId, digits);
      }
    },
  };
}

export function factRecord({
  repo,
  run,
  scenarioId,
  major,
  digits,
  dimensionKey,
  dimensionsOfRun,
}: StarSource): StarTable {
  return {
    name: "fact_record",
    description: "Each record's totals after steps 4 and 5.",
    columns: [
      c("record_key", "INT64", "The record (dim_record.record_key)."),
      c("dimension_key", "INT64", "The record's dimension."),
      c(
        "resting",
        "DOUBLE",
        "Cost resting on the record itself (Σ fact_record_cost.amount of the record).",
        true,
      ),
      c(
        "cost",
        "DOUBLE",
        "Resting cost plus the cost of the records that roll up to it through relationship drivers.",
        true,
      ),
      c("unallocated", "DOUBLE", "Step 5: cost that could not be passed down from this record.", true),
      c("not_allocated", "DOUBLE", "Step 5: cost kept on this record by a NOT_ALLOCATE rule.", true),
      c("profit", "DOUBLE", "Value of the profit line for the record; empty without a P&L structure."),
    ],
    count: async () => (await dimensionsOfRun()).reduce((s, d) => s + d.records, 0),
    async *chunks() {
      for (const { dimensionId } of await dimensionsOfRun()) {
        const dimension = dimensionKey(dimensionId);
        yield* copyChunks(
          7,
          repo.runRecordLines(run, scenarioId, dimensionId),
          (f, [k, d, rest, cost, unallocated, notAllocated, profit]) => {
            k!.push(f[1] === "\\N" ? null : Number(f[1]!));
            d!.push(dimension);
            rest!.push(major(Number(f[2])));
            cost!.push(major(Number(f[3])));
            unallocated!.push(major(Number(f[4])));
            notAllocated!.push(major(Number(f[5])));
            profit!.push(f[6] === "\\N" ? null : Number(f[6]));
          },
        );
      }
    },
    async *csv() {
      for (const { dimensionId } of await dimensionsOfRun())
        yield* repo.runRecordsCsv(run, scenarioId, dimensionId, digits);
    },
  };
}

const LINE_COLUMN = "line:";
/**
 * The P&L lines among a report run's columns (`line:<code>`, beside `driver:<name>`; docs/reports.md),
 * with their place in the run's values and their key.
 */
function pnlColumns(columns: string[], ids: Map<string, number>) {
  return columns.flatMap((column, index) => {
    if (!column.startsWith(LINE_COLUMN)) return [];
    const code = column.slice(LINE_COLUMN.length);
    return [{ code, index, key: ids.get(code) ?? null }];
  });
}

export function factPnlLine({
  repo,
  reportRun,
  scenarioId,
  major,
  digits,
  dimensionKey,
  lineIdByCode,
}: StarSource): StarTable {
  return {
    name: "fact_pnl_line",
    description: "P&L line values by record, from the latest report run (one row per record and line).",
    columns: [
      c("record_key", "INT64", "The record (dim_record.record_key)."),
      c("dimension_key", "INT64", "The record's dimension."),
      c("line_key", "INT64", "The line (dim_pnl_line.line_key)."),
      c("line_code", "STRING", "The line's code."),
      c(
        "value",
        "DOUBLE",
        "Value of the line for the record, in the scenario's currency, with the line's factor.",
        true,
      ),
    ],
    count: async () => {
      if (!reportRun) return 0;
      const dims = await repo.reportDimensions(reportRun);
      return dims.reduce(
        (s, d) => s + d.records * d.columns.filter((col) => col.startsWith(LINE_COLUMN)).length,
        0,
      );
    },
    async *chunks() {
      if (!reportRun) return;
      const ids = await lineIdByCode();
      for (const dim of await repo.reportDimensions(reportRun)) {
        const dimension = dimensionKey(dim.dimensionId);
        const lines = pnlColumns(dim.columns, ids).map((line) => ({ ...line, key: int64(line.key) }));
        const cells = new Float64Array(dim.columns.length);
        yield* copyChunks(
          5,
          repo.reportRecordLines(reportRun, scenarioId, dim.dimensionId),
          (f, [k, d, lineKeys, codes, values]) => {
            const key = f[1] === "\\N" ? null : Number(f[1]!);
            const count = readIntegerArray(f[2]!, cells);
            for (const line of lines) {
              k!.push(key);
              d!.push(dimension);
              lineKeys!.push(line.key);
              codes!.push(line.code);
              values!.push(major(line.index < count ? cells[line.index]! : 0));
            }
          },
        );
      }
    },
    csvByThread: true,
    async *csv() {
      if (!reportRun) return;
      const ids = await lineIdByCode();
      for (const dim of await repo.reportDimensions(reportRun))
        yield* pnlLinesCsv(
          repo.reportRecordValuesCopy(reportRun, scenarioId, dim.dimensionId),
          dim.dimensionId,
          pnlColumns(dim.columns, ids).map((line) => ({ ...line, code: neutraliseCell(line.code) })),
          digits,
        );
    },
  };
}
