import type { Run } from "@costflow/db/repositories/bi-export";
import { decodeCopyField, forEachCopyRow } from "@costflow/db/repositories/model-data/copy-text";
import { toMajor } from "@costflow/engine/calc/decimal";
import type { AppContext } from "../../context.ts";
import { neutraliseCell } from "../../lib/spreadsheet-cells.ts";
import { stepCategory } from "../calculation/categories.ts";
import { BI_CHUNK_ROWS, EXPORT_CHUNK_ROWS } from "./export-settings.ts";

/** The elements of a numeric array in COPY text (`{1,-2,3}`), as text. */
const arrayCells = (text: string): string[] => (text.length <= 2 ? [] : text.slice(1, -1).split(","));

// The BI template (docs/exports.md, "BI template"): a star schema of a scenario's finished
// calculation. Dimension tables (dim_*) carry the stable keys (database ids, the same in every
// export of the scenario); fact tables (fact_*) carry the amounts, in major units of the
// scenario's currency. Each table is described column by column here, and that description is
// the archive's README.

type ColumnType = "INT64" | "INT32" | "DOUBLE" | "STRING" | "BOOLEAN";
export interface StarColumn {
  name: string;
  type: ColumnType;
  description: string;
  /** A money amount: written with the currency's decimals in CSV. */
  amount?: boolean;
}
/** A cell: INT64 columns hold bigint (Parquet's INT64), INT32 and DOUBLE number, STRING string. */
export type StarValue = string | number | bigint | boolean | null;
export type StarRow = StarValue[];
/** Rows of a table a chunk at a time, column by column: `columns[c][r]`, `rows` long each. */
export interface StarChunk {
  rows: number;
  columns: StarValue[][];
}
export interface StarTable {
  name: string;
  description: string;
  columns: StarColumn[];
  /** Rows the table will hold (for Excel's row limit and progress). */
  count: () => Promise<number>;
  /** About as many rows as it will hold, where that is much cheaper to know (progress only). */
  estimate?: () => Promise<number>;
  /** The rows, a chunk at a time, aligned with `columns`. */
  chunks: () => AsyncIterable<StarChunk>;
  /** The large tables: the rows as CSV (no header) made by the database, the same cells as `chunks`. */
  csv?: () => AsyncIterable<Uint8Array>;
}

export interface StarSchema {
  tables: StarTable[];
  currency: string;
  minorDigits: number;
  glTotal: number;
  calculationId: number;
  reportCalculationId: number | null;
}

const c = (name: string, type: ColumnType, description: string, amount = false): StarColumn => ({
  name,
  type,
  description,
  ...(amount ? { amount } : {}),
});

/** An id as an INT64 cell (null stays null). */
const int64 = (id: number | string | null | undefined): bigint | null =>
  id === null || id === undefined || id === "" ? null : BigInt(id);

/** Rows (of a small table, or a keyset page) as a chunk, INT64 cells made bigint. */
function chunkOf(columns: StarColumn[], rows: StarRow[]): StarChunk {
  return {
    rows: rows.length,
    columns: columns.map((column, c) =>
      column.type === "INT64"
        ? rows.map((row) => int64(row[c] as number | null))
        : rows.map((row) => row[c] ?? null),
    ),
  };
}

/** Columns filled row by row, taken a chunk at a time. */
class ChunkBuilder {
  columns: StarValue[][];
  constructor(private readonly width: number) {
    this.columns = Array.from({ length: width }, () => []);
  }
  get rows(): number {
    return this.columns[0]!.length;
  }
  take(): StarChunk {
    const chunk = { rows: this.rows, columns: this.columns };
    this.columns = Array.from({ length: this.width }, () => []);
    return chunk;
  }
}

/**
 * The chunks of a COPY read: `onRow` pushes each line's cells (any number of rows) onto the
 * builder's columns; a chunk goes out whenever BI_CHUNK_ROWS are gathered.
 */
async function* copyChunks(
  width: number,
  lines: AsyncIterable<string>,
  onRow: (fields: string[], columns: StarValue[][]) => void,
): AsyncIterable<StarChunk> {
  const builder = new ChunkBuilder(width);
  for await (const text of lines) {
    forEachCopyRow(text, (fields) => onRow(fields, builder.columns));
    if (builder.rows >= BI_CHUNK_ROWS) yield builder.take();
  }
  if (builder.rows > 0) yield builder.take();
}

/** A table whose rows are few enough to read at once (the model's master data). */
function small(
  name: string,
  description: string,
  columns: StarColumn[],
  read: () => Promise<StarRow[]>,
): StarTable {
  let cached: Promise<StarRow[]> | undefined;
  const all = () => {
    cached ??= read();
    return cached;
  };
  return {
    name,
    description,
    columns,
    count: async () => (await all()).length,
    async *chunks() {
      const rows = await all();
      for (let i = 0; i < rows.length; i += EXPORT_CHUNK_ROWS)
        yield chunkOf(columns, rows.slice(i, i + EXPORT_CHUNK_ROWS));
    },
  };
}

/** The run the export reads: the latest finished run that reached the furthest step (5 down to 1). */
export async function biRuns(
  ctx: AppContext,
  companyId: number,
  scenarioId: number,
): Promise<{ calculationId: number; reportCalculationId: number | null } | null> {
  const calculations = ctx.repos.calculations;
  let calculationId: number | null = null;
  for (const step of [5, 4, 3, 2, 1]) {
    const row = await calculations.latestFinished(companyId, scenarioId, stepCategory(step));
    if (row) {
      calculationId = row.parentId ?? row.id;
      break;
    }
  }
  if (calculationId === null) return null;
  const reports = await calculations.latestFinished(companyId, scenarioId, "REPORTS");
  return { calculationId, reportCalculationId: reports ? (reports.parentId ?? reports.id) : null };
}

/** The star schema of the scenario's finished calculation; null when there is none. */
export async function biStarSchema(
  ctx: AppContext,
  companyId: number,
  scenario: { id: number; modelId: number },
): Promise<StarSchema | null> {
  const runs = await biRuns(ctx, companyId, scenario.id);
  if (!runs) return null;
  const meta = await ctx.repos.results.meta(companyId, runs.calculationId);
  if (!meta) return null;
  const source = starSource(ctx, companyId, scenario, runs, meta.minorDigits);
  const tables: StarTable[] = [
    dimAccount(source),
    dimPool(source),
    dimActivity(source),
    dimDimension(source),
    dimPnlLine(source),
    dimRecord(source),
    dimRecordDriver(source),
    factFlow(source),
    factUnallocated(source),
    factRecordCost(source),
    factRecord(source),
    factPnlLine(source),
  ];

  return {
    tables,
    currency: meta.currency,
    minorDigits: meta.minorDigits,
    glTotal: source.major(meta.glTotal),
    calculationId: runs.calculationId,
    reportCalculationId: runs.reportCalculationId,
  };
}

/** What the tables of one export read: its runs, the model and scenario, and the lookups they share. */
interface StarSource {
  repo: AppContext["repos"]["biExport"];
  run: Run;
  /** The latest report run, for the P&L lines; null without one. */
  reportRun: Run | null;
  companyId: number;
  modelId: number;
  scenarioId: number;
  /** Minor units of the scenario's currency to major. */
  major: (minor: number) => number;
  /** Decimals of the scenario's currency. */
  digits: number;
  /** An INT64 cell per dimension id, made once. */
  dimensionKey: (id: string | number) => bigint;
  /** The run's dimensions with their record counts, read once. */
  dimensionsOfRun: () => Promise<{ dimensionId: number; records: number }[]>;
  /** The P&L lines' ids by code, read once. */
  lineIdByCode: () => Promise<Map<string, number>>;
}

function starSource(
  ctx: AppContext,
  companyId: number,
  scenario: { id: number; modelId: number },
  runs: { calculationId: number; reportCalculationId: number | null },
  digits: number,
): StarSource {
  const repo = ctx.repos.biExport;
  const run: Run = { companyId, calculationId: runs.calculationId };
  const major = (minor: number) => toMajor(minor, digits);
  const { modelId } = scenario;
  const scenarioId = scenario.id;
  const reportRun: Run | null =
    runs.reportCalculationId === null ? null : { companyId, calculationId: runs.reportCalculationId };

  const dimensionKeys = new Map<string, bigint>();
  const dimensionKey = (id: string | number) => {
    const text = String(id);
    let key = dimensionKeys.get(text);
    if (key === undefined) {
      key = BigInt(text);
      dimensionKeys.set(text, key);
    }
    return key;
  };
  let runDimensions: Promise<{ dimensionId: number; records: number }[]> | undefined;
  const dimensionsOfRun = () => {
    runDimensions ??= repo.runDimensions(run);
    return runDimensions;
  };
  let lineIds: Promise<Map<string, number>> | undefined;
  const lineIdByCode = () => {
    lineIds ??= repo
      .pnlLines(companyId, modelId)
      .then((rows) => new Map(rows.map((r) => [r[1] as string, r[0] as number])));
    return lineIds;
  };

  return {
    repo,
    run,
    reportRun,
    companyId,
    modelId,
    scenarioId,
    major,
    digits,
    dimensionKey,
    dimensionsOfRun,
    lineIdByCode,
  };
}

function dimAccount({ repo, companyId, modelId }: StarSource): StarTable {
  return small(
    "dim_account",
    "Financial accounts of the model (the general ledger's lines).",
    [
      c("account_key", "INT64", "Stable key of the account (its id)."),
      c("account_code", "STRING", "Account code (account_ID in uploads)."),
      c("account_name", "STRING", "Account name."),
      c("expense_group", "STRING", "Expense group of the account."),
    ],
    () => repo.accounts(companyId, modelId),
  );
}

function dimPool({ repo, companyId, modelId }: StarSource): StarTable {
  return small(
    "dim_pool",
    "Cost pools of the model.",
    [
      c("pool_key", "INT64", "Stable key of the cost pool (its id)."),
      c("pool_code", "STRING", "Cost pool identifier."),
      c("pool_name", "STRING", "Cost pool name."),
      c(
        "is_direct",
        "BOOLEAN",
        "True for a direct pool (allocates to activities in step 3), false for an indirect one (step 2).",
      ),
    ],
    () => repo.pools(companyId, modelId),
  );
}

function dimActivity({ repo, companyId, modelId }: StarSource): StarTable {
  return small(
    "dim_activity",
    "Activities of the model, each with the cost pool it belongs to.",
    [
      c("activity_key", "INT64", "Stable key of the activity (its id)."),
      c("activity_code", "STRING", "Activity identifier."),
      c("activity_name", "STRING", "Activity name."),
      c("description", "STRING", "Activity description."),
      c("is_tdabc", "BOOLEAN", "True for a time-driven (TDABC) activity."),
      c("pool_key", "INT64", "The activity's cost pool (dim_pool.pool_key); empty if none."),
    ],
    () => repo.activities(companyId, modelId),
  );
}

function dimDimension({ repo, companyId, modelId }: StarSource): StarTable {
  return small(
    "dim_dimension",
    "Dimensions of the model (customers, products, orders …).",
    [
      c("dimension_key", "INT64", "Stable key of the dimension (its id)."),
      c("dimension_code", "STRING", "Dimension code."),
      c("dimension_name", "STRING", "Dimension name."),
      c(
        "parent_dimension_key",
        "INT64",
        "The parent dimension (dim_dimension.dimension_key); empty for a root.",
      ),
    ],
    () => repo.dimensions(companyId, modelId),
  );
}

function dimPnlLine({ repo, companyId, modelId }: StarSource): StarTable {
  return small(
    "dim_pnl_line",
    "Lines of the P&L report structure.",
    [
      c("line_key", "INT64", "Stable key of the line (its id)."),
      c("line_code", "STRING", "Line code."),
      c("description", "STRING", "Line description."),
      c(
        "category",
        "STRING",
        "ACT (an activity's cost), DRI (a calculated driver), FOR (a formula) or AGG (sum of its children).",
      ),
      c("factor", "INT32", "1 or -1: the sign the line's amounts are given with."),
      c("parent_line_code", "STRING", "Code of the parent line; empty for a root line."),
      c("rank", "INT32", "Order of the line in the report."),
      c("activity_key", "INT64", "ACT lines: the activity (dim_activity.activity_key)."),
      c("dimension_key", "INT64", "The dimension the line is restricted to, if any."),
      c("formula", "STRING", "FOR lines: the formula."),
    ],
    () => repo.pnlLines(companyId, modelId),
  );
}

function dimRecord({ repo, companyId, scenarioId, dimensionKey }: StarSource): StarTable {
  return {
    name: "dim_record",
    description: "Records of every dimension of the scenario.",
    columns: [
      c("record_key", "INT64", "Stable key of the record (its id)."),
      c("dimension_key", "INT64", "The record's dimension (dim_dimension.dimension_key)."),
      c("identifier", "STRING", "Record identifier."),
    ],
    count: () => repo.countRecords(companyId, scenarioId),
    chunks: () =>
      copyChunks(3, repo.recordLines(companyId, scenarioId), (f, [keys, dims, identifiers]) => {
        keys!.push(BigInt(f[0]!));
        dims!.push(dimensionKey(f[1]!));
        identifiers!.push(decodeCopyField(f[2]!));
      }),
    csv: () => repo.recordsCsv(companyId, scenarioId),
  };
}

const PLAIN_DECIMAL = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d{1,2})?\s*$/;
/**
 * A driver value's number: a JSON number as it is; a string holding a decimal written plainly (up
 * to 200 characters, an exponent of at most two digits, so that it always fits a double); else
 * null. The CSV's SQL (driverNumberSql in packages/db bi-export/csv-tables.ts) applies the same rule.
 */
export function numberOfDriverValue(value: unknown): number | null {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return null;
  return value.length <= 200 && PLAIN_DECIMAL.test(value) ? Number(value) : null;
}

function dimRecordDriver({ repo, companyId, scenarioId }: StarSource): StarTable {
  return {
    name: "dim_record_driver",
    description: "The drivers (uploaded fields) of every record, one row per record and driver.",
    columns: [
      c("record_key", "INT64", "The record (dim_record.record_key)."),
      c("driver_name", "STRING", "Driver name (the file's column)."),
      c("value", "STRING", "The value as text."),
      c("value_number", "DOUBLE", "The value as a number when it is one; empty otherwise."),
    ],
    count: () => repo.countRecordDrivers(companyId, scenarioId),
    estimate: () => repo.estimateRecordDrivers(companyId, scenarioId),
    chunks: () =>
      copyChunks(4, repo.recordLines(companyId, scenarioId), (f, [keys, names, texts, numbers]) => {
        const json = decodeCopyField(f[3]!);
        if (json === null || json === "{}") return;
        let key: bigint | null = null;
        for (const [name, value] of Object.entries(JSON.parse(json) as Record<string, unknown>)) {
          if (value === null || value === undefined) continue;
          const text = String(value);
          key ??= BigInt(f[0]!);
          keys!.push(key);
          names!.push(name);
          texts!.push(text);
          numbers!.push(numberOfDriverValue(value));
        }
      }),
    csv: () => repo.recordDriversCsv(companyId, scenarioId),
  };
}

function factFlow({ repo, run, major }: StarSource): StarTable {
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

function factUnallocated({ repo, run, major }: StarSource): StarTable {
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
  { repo, run, scenarioId, major, dimensionKey }: StarSource,
  dimensionId: number,
  records: number,
  vectors: Awaited<ReturnType<StarSource["repo"]["costVectors"]>>,
): AsyncIterable<StarChunk> {
  const keys = new Float64Array(records).fill(Number.NaN);
  const resting = new Float64Array(records);
  const explained = new Float64Array(records);
  for await (const text of repo.runRecordLines(run, scenarioId, dimensionId)) {
    forEachCopyRow(text, (f) => {
      const no = Number(f[0]);
      if (f[1] !== "\\N") keys[no] = Number(f[1]);
      resting[no] = Number(f[2]);
    });
  }
  const keyOf = (no: number) => (Number.isNaN(keys[no]!) ? null : BigInt(keys[no]!));
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

function factRecordCost(source: StarSource): StarTable {
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
    count: async () => (await dimensionsOfRun()).reduce((s, d) => s + d.records, 0),
    async *chunks() {
      for (const { dimensionId, records } of await dimensionsOfRun())
        yield* recordCostChunks(source, dimensionId, records, await repo.costVectors(run, dimensionId));
    },
    async *csv() {
      for (const { dimensionId } of await dimensionsOfRun())
        yield* repo.recordCostCsv(run, scenarioId, dimensionId, digits);
    },
  };
}

function factRecord({
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
            k!.push(f[1] === "\\N" ? null : BigInt(f[1]!));
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

function factPnlLine({
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
        yield* copyChunks(
          5,
          repo.reportRecordLines(reportRun, scenarioId, dim.dimensionId),
          (f, [k, d, lineKeys, codes, values]) => {
            const key = f[1] === "\\N" ? null : BigInt(f[1]!);
            const cells = arrayCells(f[2]!);
            for (const line of lines) {
              k!.push(key);
              d!.push(dimension);
              lineKeys!.push(line.key);
              codes!.push(line.code);
              const cell = cells[line.index];
              values!.push(major(cell === undefined || cell === "NULL" ? 0 : Number(cell)));
            }
          },
        );
      }
    },
    async *csv() {
      if (!reportRun) return;
      const ids = await lineIdByCode();
      for (const dim of await repo.reportDimensions(reportRun))
        yield* repo.pnlLinesCsv(
          reportRun,
          scenarioId,
          dim.dimensionId,
          pnlColumns(dim.columns, ids).map((line) => ({ ...line, code: neutraliseCell(line.code) })),
          digits,
        );
    },
  };
}
