// The messages between the BI Parquet writer and its table thread (parquet-thread.ts): the thread
// asks for a table (`next`), writes the one it is given into a file of `folder` (`<index>.parquet`,
// the index in the schema's tables), saying how many rows it has read and when the file is
// complete, and asks again until it is told to end; it stops when asked.

export interface ParquetThreadInput {
  database: { url: string; schema: string };
  companyId: number;
  scenario: { id: number; modelId: number };
  /** The runs the writer exports: the thread refuses to write another run's tables. */
  calculationId: number;
  reportCalculationId: number | null;
  folder: string;
}

export type FromParquetThread =
  | { type: "next" }
  | { type: "rows"; rows: number }
  | { type: "table"; table: number }
  | { type: "done" }
  | { type: "stopped" }
  | { type: "failed"; message: string; stack?: string };

export type ToParquetThread =
  | { type: "stop" }
  /** The table (its index in the schema's tables) to write next. */
  | { type: "write"; table: number }
  /** No table is left. */
  | { type: "end" };
