import type { Run } from "@costflow/db/repositories/bi-export";
import { forEachCopyRow } from "@costflow/db/repositories/model-data/copy-text";
import type { AppContext } from "../../context.ts";
import { BI_CHUNK_ROWS, EXPORT_CHUNK_ROWS } from "./export-settings.ts";

// The parts of the BI template's tables (bi-star-schema.ts): columns, cells, chunks, and what
// every table reads from (StarSource).

export type ColumnType = "INT64" | "INT32" | "DOUBLE" | "STRING" | "BOOLEAN";
export interface StarColumn {
  name: string;
  type: ColumnType;
  description: string;
  /** A money amount: written with the currency's decimals in CSV. */
  amount?: boolean;
}
/**
 * A cell: INT64 columns hold integers (ids: numbers, safe integers, so no BigInt is made per cell;
 * a bigint is taken too), INT32 and DOUBLE number, STRING string.
 */
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
  /**
   * The CSV is mostly the export thread's work (expanded from short rows, expanded-csv.ts), not
   * the database's: such tables share one lane, the database's tables the other (bi-formats.ts).
   */
  csvByThread?: boolean;
}

export const c = (name: string, type: ColumnType, description: string, amount = false): StarColumn => ({
  name,
  type,
  description,
  ...(amount ? { amount } : {}),
});

/** An id as an INT64 cell (null stays null). */
export const int64 = (id: number | string | null | undefined): number | null =>
  id === null || id === undefined || id === "" ? null : Number(id);

/** Rows (of a small table, or a keyset page) as a chunk, INT64 cells made numbers. */
export function chunkOf(columns: StarColumn[], rows: StarRow[]): StarChunk {
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
export class ChunkBuilder {
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
export async function* copyChunks(
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
export function small(
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

/** What the tables of one export read: its runs, the model and scenario, and the lookups they share. */
export interface StarSource {
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
  dimensionKey: (id: string | number) => number;
  /** The run's dimensions with their record counts, read once. */
  dimensionsOfRun: () => Promise<{ dimensionId: number; records: number }[]>;
  /** The P&L lines' ids by code, read once. */
  lineIdByCode: () => Promise<Map<string, number>>;
}
