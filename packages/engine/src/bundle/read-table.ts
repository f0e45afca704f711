// Reading the small CSV files of a bundle (accounts, pools, rules, ...) into rows of strings, with
// typed cell accessors that report issues with file, line, column and column name.

import type { BundleErrorCode, IssueCollector } from "./bundle-error.ts";
import { fieldText, parseDecimal } from "./csv-fields.ts";
import { CsvScanner } from "./csv-scanner.ts";

export interface ColumnSpec {
  name: string;
  /** A required column must be in the header (its cells may still be empty unless checked). */
  required: boolean;
}

export interface Row {
  line: number;
  /** Cells by spec column index; "" when empty or the column is absent. */
  values: string[];
  /** Line of each cell by spec column index (a quoted newline moves later cells down). */
  lines: number[];
}

export class Table {
  readonly rows: Row[] = [];
  /** Spec column index -> 1-based position in the file's header, 0 when absent. */
  readonly positions: number[];
  /** False when the header was unusable; rows are then empty. */
  headerOk = true;

  constructor(
    readonly file: string,
    readonly columns: readonly ColumnSpec[],
    private readonly issues: IssueCollector,
  ) {
    this.positions = columns.map(() => 0);
  }

  col(name: string): number {
    const k = this.columns.findIndex((c) => c.name === name);
    if (k < 0) throw new Error(`${this.file}: no column ${name} in the schema`);
    return k;
  }

  issue(row: Row | null, col: number, code: BundleErrorCode, message: string): void {
    const position = this.positions[col] ?? 0;
    this.issues.add({
      code,
      file: this.file,
      line: row ? (row.lines[col] ?? row.line) : 1,
      column: position,
      columnName: this.columns[col]!.name,
      message,
    });
  }

  text(row: Row, col: number): string {
    return row.values[col]!;
  }

  /** The cell's text, or null (and an issue) when empty. */
  required(row: Row, col: number): string | null {
    const v = row.values[col]!;
    if (v === "") {
      this.issue(row, col, "required", `${this.columns[col]!.name} is required`);
      return null;
    }
    return v;
  }

  /** Empty cell -> `empty`; text that is not a number -> issue and null. */
  number(row: Row, col: number, empty: number | null | "required"): number | null {
    const v = row.values[col]!;
    if (v === "") {
      if (empty === "required") {
        this.issue(row, col, "required", `${this.columns[col]!.name} is required`);
        return null;
      }
      return empty;
    }
    const bytes = Buffer.from(v, "utf8");
    const n = parseDecimal(bytes, 0, bytes.length);
    if (Number.isNaN(n) || !Number.isFinite(n)) {
      this.issue(row, col, "not_a_number", `"${v}" is not a number (use . as decimal separator)`);
      return null;
    }
    return n;
  }

  boolean(row: Row, col: number, empty: boolean | "required"): boolean | null {
    const v = row.values[col]!;
    if (v === "true") return true;
    if (v === "false") return false;
    if (v === "" && empty !== "required") return empty;
    this.issue(row, col, v === "" ? "required" : "not_a_boolean", `"${v}" is not true or false`);
    return null;
  }

  oneOf<T extends string>(row: Row, col: number, allowed: readonly T[]): T | null {
    const v = row.values[col]!;
    if ((allowed as readonly string[]).includes(v)) return v as T;
    if (v === "") this.issue(row, col, "required", `${this.columns[col]!.name} is required`);
    else this.issue(row, col, "invalid_value", `"${v}" is not one of ${allowed.join(", ")}`);
    return null;
  }
}

/** Validates a header against the schema: unknown, duplicate and missing columns are issues. */
export function checkHeader(
  file: string,
  header: string[],
  allowed: (name: string) => number,
  required: readonly string[],
  issues: IssueCollector,
  line = 1,
): number[] | null {
  let ok = true;
  const mapping: number[] = [];
  const seen = new Map<number, number>();
  header.forEach((name, i) => {
    const k = allowed(name);
    mapping.push(k);
    if (k < 0) {
      ok = false;
      issues.add({
        code: "unknown_column",
        file,
        line,
        column: i + 1,
        columnName: name,
        message: `Unknown column "${name}"`,
      });
    } else if (seen.has(k)) {
      ok = false;
      issues.add({
        code: "duplicate_column",
        file,
        line,
        column: i + 1,
        columnName: name,
        message: `Column "${name}" appears twice (first at column ${seen.get(k)! + 1})`,
      });
    } else seen.set(k, i);
  });
  for (const name of required) {
    if (!seen.has(allowed(name))) {
      ok = false;
      issues.add({
        code: "missing_column",
        file,
        line,
        column: 0,
        columnName: name,
        message: `Missing column "${name}"`,
      });
    }
  }
  return ok ? mapping : null;
}

/** Streams `file` through the CSV scanner into a Table. */
export async function readTable(
  file: string,
  columns: readonly ColumnSpec[],
  read: (onChunk: (chunk: Uint8Array) => void) => Promise<void>,
  issues: IssueCollector,
): Promise<Table> {
  const table = new Table(file, columns, issues);
  let mapping: number[] | null = null;
  let sawHeader = false;
  const scanner = new CsvScanner({
    syntaxError(line, field, message) {
      issues.add({ code: "csv_syntax", file, line, column: field, message });
    },
    record(s) {
      if (!sawHeader) {
        sawHeader = true;
        const header = Array.from({ length: s.count }, (_, k) => fieldText(s, k));
        mapping = checkHeader(
          file,
          header,
          (name) => columns.findIndex((c) => c.name === name),
          columns.filter((c) => c.required).map((c) => c.name),
          issues,
          s.line,
        );
        if (mapping) {
          for (const [i, k] of mapping.entries()) table.positions[k] = i + 1;
        } else table.headerOk = false;
        return;
      }
      if (!mapping) return;
      if (s.count !== mapping.length) {
        issues.add({
          code: "field_count",
          file,
          line: s.line,
          column: 0,
          message: `Expected ${mapping.length} fields, found ${s.count}`,
        });
        return;
      }
      const values = columns.map(() => "");
      const lines = columns.map(() => s.line);
      for (let i = 0; i < s.count; i++) {
        const k = mapping[i]!;
        values[k] = fieldText(s, i);
        lines[k] = s.fieldLines[i]!;
      }
      table.rows.push({ line: s.line, values, lines });
    },
  });
  await read((chunk) => scanner.push(chunk));
  scanner.end();
  if (!sawHeader) {
    issues.add({ code: "missing_column", file, line: 1, column: 0, message: "The file has no header row" });
    table.headerOk = false;
  }
  return table;
}
