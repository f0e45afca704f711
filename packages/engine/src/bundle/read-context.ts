// State shared by the readers of one bundle: where files come from and where issues go.

import type { BundleErrorCode, IssueCollector } from "./bundle-error.ts";
import type { BundleSource } from "./bundle-source.ts";
import { type ColumnSpec, type Row, readTable, type Table } from "./read-table.ts";

export interface ReadProgress {
  file: string;
  /** Bytes of this file read so far, and its size (uncompressed). */
  bytes: number;
  totalBytes: number;
}

export interface ReadContext {
  source: BundleSource;
  issues: IssueCollector;
  onProgress?: (progress: ReadProgress) => void;
}

/** Reads a small CSV file, or returns null when the bundle does not have it. */
export async function tableOf(
  ctx: ReadContext,
  file: string,
  columns: readonly ColumnSpec[],
): Promise<Table | null> {
  if (!ctx.source.files.has(file)) return null;
  return readTable(file, columns, (onChunk) => ctx.source.read(file, onChunk), ctx.issues);
}

/** Column specs from a compact list: names ending in "?" are optional columns. */
export function spec(...names: string[]): ColumnSpec[] {
  return names.map((n) =>
    n.endsWith("?") ? { name: n.slice(0, -1), required: false } : { name: n, required: true },
  );
}

/** Tracks unique keys of a file; a repeated key is an issue naming the first line. */
export class UniqueKeys {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly table: Table,
    private readonly what: string,
  ) {}

  /** True when the key is new; otherwise reports a "duplicate" issue on column `col`. */
  add(key: string, row: Row, col: number, shown = key): boolean {
    const first = this.seen.get(key);
    if (first !== undefined) {
      this.table.issue(row, col, "duplicate", `Duplicate ${this.what} "${shown}" (first on line ${first})`);
      return false;
    }
    this.seen.set(key, row.line);
    return true;
  }
}

/** Reports an unknown reference on `col` unless `known` holds the value. */
export function checkRef(
  table: Table,
  row: Row,
  col: number,
  value: string | null,
  known: { has(v: string): boolean },
  what: string,
  code: BundleErrorCode = "unknown_reference",
): boolean {
  if (value === null) return false;
  if (known.has(value)) return true;
  table.issue(row, col, code, `Unknown ${what} "${value}"`);
  return false;
}
