import type { Database, Executor } from "@costflow/db/client";
import {
  BACKSLASH,
  type CopyRowBytes,
  decodeCopyField,
} from "@costflow/db/repositories/model-data/copy-text";
import { type ModelRows, readModelRows } from "@costflow/db/repositories/model-data/read-model-rows";
import {
  codePointOrder,
  countRecords,
  streamRecordBytes,
  withoutJit,
} from "@costflow/db/repositories/model-data/read-records";
import { parseDecimal, utf8Text } from "@costflow/engine/bundle/csv-fields";
import { GrowableFloat64, GrowableInt32 } from "@costflow/engine/bundle/growable";
import { IdentifierIndex } from "@costflow/engine/bundle/identifier-index";
import type {
  DataType,
  DimensionRecords,
  ModelData,
  PushSplit,
  RelationColumn,
  Step4SplitType,
} from "@costflow/engine/model/types";
import { notFound } from "../../lib/app-error.ts";
import { ratioToPercentage } from "./decimal-text.ts";
import { sortRecords } from "./sort-records.ts";

// Database -> ModelData (the engine's input). The small tables come as rows with codes; records are
// streamed dimension by dimension in identifier order straight into typed columns (COPY on
// PostgreSQL, COPY to a blob on PGlite), so no object per record is kept. Everything is read in
// one read-only repeatable-read transaction: one consistent snapshot of the scenario.

/** A record value the engine cannot take (e.g. text in a decimal driver), named precisely. */
export class RecordValueError extends Error {
  constructor(
    readonly dimension: string,
    readonly identifier: string,
    readonly driver: string,
    readonly value: string,
  ) {
    super(`Record ${identifier} of ${dimension}: "${value}" is not a number (driver ${driver})`);
    this.name = "RecordValueError";
  }
}

const DATA_TYPES: Record<string, DataType> = {
  DECI: "DECIMAL",
  TEXT: "TEXT",
  DATE: "DATE",
  DIMENSION: "DIMENSION",
};

/** The scenario and its model as the engine's ModelData; 404 when the company has no such scenario. */
export async function loadModelData(companyId: number, scenarioId: number, db: Database): Promise<ModelData> {
  return db.transaction(
    async (tx) => {
      const rows = await readModelRows(companyId, scenarioId, tx);
      if (!rows) throw notFound("scenario");
      const model = toModelData(rows);
      await loadRecords(companyId, scenarioId, rows, model, tx);
      return model;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

function toModelData(rows: ModelRows): ModelData {
  const { head } = rows;
  return {
    info: {
      name: head.modelName,
      shortDescription: head.shortDescription,
      scenario: {
        name: head.name,
        description: head.description,
        currency: head.currency,
        periodFrom: head.periodFrom,
        periodTo: head.periodTo,
      },
    },
    accounts: rows.accounts.map((a) => ({ code: a.code, name: a.name, expenseGroup: a.expenseGroup })),
    accountValues: rows.accountValues.map((v) => ({ account: v.account, amount: Number(v.amount) })),
    pools: rows.pools.map((p) => ({ code: p.code, name: p.name, isDirect: p.isDirect })),
    poolDrivers: rows.poolDrivers.map((d) => ({ name: d.name, isTdabc: d.isTdabc })),
    poolDriverValues: rows.poolDriverValues.map((v) => ({
      driver: v.driver,
      pool: v.pool,
      value: Number(v.value),
    })),
    // An activity without a cost pool has "" (the field is informational for the engine).
    activities: rows.activities.map((a) => ({
      code: a.code,
      name: a.name,
      pool: a.pool ?? "",
      isTdabc: a.isTdabc,
    })),
    dimensions: rows.dimensions.map((d) => ({ code: d.code, name: d.name, parent: d.parent })),
    dimensionDrivers: rows.dimensionDrivers.map((d) => ({
      dimension: d.dimension,
      name: d.name,
      dataType: DATA_TYPES[d.dataType] ?? "TEXT",
    })),
    records: new Map(),
    calculatedDrivers: rows.calculatedDrivers.map((c) => ({
      dimension: c.dimension,
      name: c.name,
      formula: c.formula,
      isPnlLine: c.isPnlLine,
    })),
    rules: modelRules(rows),
    pnlLines: rows.pnlLines.map((l) => ({
      code: l.code,
      description: l.description,
      category: l.category as ModelData["pnlLines"][number]["category"],
      activity: l.activity,
      calculatedDriver: l.calculatedDriver,
      dimension: l.dimension,
      // The column defaults to "=" for every line; only FOR lines have a formula.
      formula: l.category === "FOR" ? l.formula : null,
      factor: l.factor,
      parent: l.parent,
      rank: l.rank,
    })),
    settings: {
      step2Strategy: rows.settings?.step2Strategy === "rebalance" ? "rebalance" : "not_allocate",
      profitLine: rows.settings?.profitLine ?? null,
    },
  };
}

/** The allocation rules of steps 1-6 from their stored rows. */
function modelRules(rows: ModelRows): ModelData["rules"] {
  return {
    step1: rows.step1.map((r) => ({ account: r.account, pool: r.pool, ...weighting(r) })),
    step2: rows.step2.map((r) => ({ source: r.source, destination: r.destination, ...weighting(r) })),
    step3: rows.step3.map((r) => ({
      pool: r.pool,
      activity: r.activity,
      percentage: ratioToPercentage(r.ratio),
      unitMinutes: r.tdabcRatio === null ? null : Number(r.tdabcRatio),
    })),
    step4: rows.step4.map((r) => {
      // A DRIVER weight that is no driver of the dimension (a calculated driver) is kept as
      // DRIVER:<name> in the equation (see save-model-data.ts).
      const named = r.splitType === "DRIVER" && r.driver === null && r.equation.startsWith("DRIVER:");
      return {
        activity: r.activity,
        dimension: r.dimension,
        splitType: r.splitType as Step4SplitType,
        driver: named ? r.equation.slice("DRIVER:".length) : r.driver,
        equation: named || r.equation === "" ? null : r.equation,
      };
    }),
    step5: rows.step5.map((r) => ({
      activity: r.activity,
      parentDimension: r.parentDimension,
      childDimension: r.childDimension,
      split: pushSplit(r.splitType, r.driver, r.equation),
    })),
    step6: rows.step6.map((r) => ({
      calculatedDriver: r.calculatedDriver,
      parentDimension: r.parentDimension,
      childDimension: r.childDimension,
      split: pushSplit(r.splitType, r.driver, r.equation),
    })),
  };
}

/** How a step-1 or step-2 rule weighs: by a driver, or by its percentage (stored as a ratio). */
function weighting(r: { type: string; ratio: string; driver: string | null }) {
  return {
    type: r.type === "DRIVER" ? ("DRIVER" as const) : ("PERCENTAGE" as const),
    percentage: ratioToPercentage(r.ratio),
    driver: r.driver,
  };
}

/**
 * A step-5/6 split from its stored form: split_type, the allocation driver's name, and the
 * equation (which holds the formula, or DRIVER:<name> when no driver row is linked).
 */
function pushSplit(splitType: string, driver: string | null, equation: string): PushSplit {
  switch (splitType) {
    case "EVEN":
      return { kind: "EVEN" };
    case "DRIVER":
      return { kind: "DRIVER", driver: driver ?? equation.replace(/^DRIVER:/, "") };
    case "FORMULA":
      return { kind: "FORMULA", formula: equation };
    default:
      return { kind: "NOT_ALLOCATE" };
  }
}

async function loadRecords(
  companyId: number,
  scenarioId: number,
  rows: ModelRows,
  model: ModelData,
  tx: Executor,
): Promise<void> {
  await withoutJit(tx);
  const codePoint = await codePointOrder(tx);
  const counts = await countRecords(companyId, scenarioId, tx);
  const indexes = new Map<string, IdentifierIndex>();
  const targets = new Set(rows.dimensionDrivers.flatMap((d) => (d.target ? [d.target] : [])));
  for (const dim of dependencyOrder(rows)) {
    const count = counts.get(dim.id) ?? 0;
    if (count === 0) continue;
    const drivers = rows.dimensionDrivers.filter((d) => d.dimensionId === dim.id);
    const records = await loadDimension(
      { companyId, scenarioId, dimensionId: dim.id },
      dim.code,
      drivers,
      {
        count,
        indexes,
        codePoint,
      },
      tx,
    );
    model.records.set(dim.code, records);
    if (targets.has(dim.code)) indexes.set(dim.code, new IdentifierIndex(records.identifiers));
  }
}

type DriverRow = ModelRows["dimensionDrivers"][number];

/** Dimensions with every relationship target before the dimensions pointing at it. */
function dependencyOrder(rows: ModelRows): ModelRows["dimensions"] {
  const byCode = new Map(rows.dimensions.map((d) => [d.code, d]));
  const order: ModelRows["dimensions"] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (code: string) => {
    if (state.has(code)) return; // done, or a cycle (the engine reports relationship cycles)
    state.set(code, "visiting");
    for (const d of rows.dimensionDrivers) {
      if (d.dimension === code && d.target) visit(d.target);
    }
    state.set(code, "done");
    const dim = byCode.get(code);
    if (dim) order.push(dim);
  };
  for (const d of rows.dimensions) visit(d.code);
  return order;
}

/**
 * The reader of one driver's column. `readBytes` takes the cell as COPY gives it, bytes [start,
 * end) of `b` without a backslash (so neither NULL nor escaped), and reads numbers and relationship
 * identifiers from the bytes; `read` takes the decoded value (null for NULL), for the other cells.
 * Both read the same value from the same cell.
 */
interface ColumnReader {
  read(value: string | null, row: number, identifier: string): void;
  readBytes(b: Buffer, start: number, end: number, row: number, identifier: string): void;
}

async function loadDimension(
  where: { companyId: number; scenarioId: number; dimensionId: number },
  dimension: string,
  drivers: DriverRow[],
  context: { count: number; indexes: Map<string, IdentifierIndex>; codePoint: boolean },
  tx: Executor,
): Promise<DimensionRecords> {
  const records: DimensionRecords = {
    dimension,
    identifiers: [],
    decimals: new Map(),
    texts: new Map(),
    relations: new Map(),
  };
  const finishers: (() => void)[] = [];
  const readers = drivers.map((d) => columnReader(d, records, context, finishers));
  const ids = records.identifiers;
  let sorted = true;
  await streamRecordBytes(
    where,
    drivers.map((d) => d.name),
    ({ bytes, starts, ends }: CopyRowBytes) => {
      const identifier = cellText(bytes, starts[0]!, ends[0]!) ?? "";
      const row = ids.length;
      // COLLATE "C" is code-point order; the engine wants UTF-16 code-unit order. They differ
      // only around supplementary characters, caught here and fixed below.
      if (row > 0 && !(ids[row - 1]! < identifier)) sorted = false;
      ids.push(identifier);
      for (let c = 0; c < readers.length; c++) {
        const start = starts[c + 1]!;
        const end = ends[c + 1]!;
        if (hasBackslash(bytes, start, end)) readers[c]!.read(cellText(bytes, start, end), row, identifier);
        else readers[c]!.readBytes(bytes, start, end, row, identifier);
      }
    },
    tx,
    context.codePoint,
  );
  for (const finish of finishers) finish();
  if (!sorted) sortRecords(records);
  return records;
}

/** Whether bytes [start, end) hold a backslash: NULL (\N) or an escaped character. */
function hasBackslash(b: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (b[i] === BACKSLASH) return true;
  return false;
}

/** The value of a COPY text cell (null for NULL). */
function cellText(b: Buffer, start: number, end: number): string | null {
  return decodeCopyField(utf8Text(b, start, end));
}

/**
 * The reader of one driver's column: decimals (NaN for empty), relationship indexes into the
 * target dimension (-1 for empty, -2 and listed as dangling for an unknown identifier), or texts.
 * What it read goes into `records` when its finisher runs.
 */
function columnReader(
  d: DriverRow,
  records: DimensionRecords,
  context: { count: number; indexes: Map<string, IdentifierIndex>; codePoint: boolean },
  finishers: (() => void)[],
): ColumnReader {
  const { count } = context;
  const { dimension } = records;
  if (d.dataType === "DECI") {
    const col = new GrowableFloat64(count);
    finishers.push(() => records.decimals.set(d.name, col.finish()));
    const read = (cell: string | null, identifier: string) => {
      if (cell === null || cell === "") col.push(Number.NaN);
      else {
        const value = Number(cell);
        if (Number.isNaN(value)) throw new RecordValueError(dimension, identifier, d.name, cell);
        col.push(value);
      }
    };
    return {
      read: (cell, _row, identifier) => read(cell, identifier),
      readBytes(b, start, end, _row, identifier) {
        if (start === end) {
          col.push(Number.NaN);
          return;
        }
        // parseDecimal gives Number(text) for the decimals it takes (csv-fields.ts); anything
        // else (spaces, "Infinity", a word) goes through Number as before.
        const value = parseDecimal(b, start, end);
        if (Number.isNaN(value)) read(utf8Text(b, start, end), identifier);
        else col.push(value);
      },
    };
  }
  if (d.dataType === "DIMENSION" && d.target) {
    const lookup = context.indexes.get(d.target) ?? new IdentifierIndex([]);
    const index = new GrowableInt32(count);
    const column: RelationColumn = { target: d.target, index: new Int32Array(0), dangling: [] };
    finishers.push(() => {
      column.index = index.finish();
      records.relations.set(d.name, column);
    });
    const read = (value: string | null, row: number) => {
      if (value === null || value === "") index.push(-1);
      else {
        const at = lookup.findString(value);
        index.push(at >= 0 ? at : -2);
        if (at < 0) column.dangling.push({ row, value });
      }
    };
    return {
      read,
      readBytes(b, start, end, row) {
        const at = start === end ? -1 : lookup.findBytes(b, start, end);
        if (at >= 0 || start === end) index.push(at);
        // Non-ASCII, or missing (listed as dangling): as text, rarely.
        else read(utf8Text(b, start, end), row);
      },
    };
  }
  const texts: (string | null)[] = [];
  finishers.push(() => records.texts.set(d.name, texts));
  const read = (value: string | null) => {
    texts.push(value === "" ? null : value);
  };
  return {
    read,
    readBytes: (b, start, end) => read(utf8Text(b, start, end)),
  };
}
