import type { UploadKind } from "@costflow/contract/uploads";
import { copyLine } from "@costflow/db/repositories/bulk-write";
import { isDate } from "@costflow/engine/bundle/csv-fields";
import { restoreCell } from "../../lib/spreadsheet-cells.ts";
import type { FileColumn, RecordDriver } from "./file-columns.ts";
import type { SheetRow } from "./source-rows.ts";
import type { UploadErrors } from "./upload-errors.ts";

/** Longest code or identifier, and longest text cell, accepted. */
const MAX_CODE = 200;
const MAX_TEXT = 1000;
/** A decimal as the bundle writes it: point as separator, no thousands separator, optional exponent. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const BOOLEAN = /^(true|false)$/i;

/**
 * Columns a kind accepts and does not write: the accounts data file downloaded from the financial
 * accounts page ("Accounts with amounts": account_code, name, expense_group, amount) uploads
 * unchanged as account amounts (docs/uploads.md, "Downloads that upload").
 */
const INFORMATIONAL_COLUMNS: Partial<Record<UploadKind, readonly string[]>> = {
  ACCOUNT_VALUES: ["name", "expense_group"],
};

export interface RowValidator {
  /** Names of the file's optional columns that are present (MERGE updates only those). */
  present: ReadonlySet<string>;
  /** The row in COPY text format for the staging table, or null (blank, or unusable: errors added). */
  stage(row: SheetRow): string | null;
  /** The 1-based position of a column in the file, for errors found later by the database. */
  positionOf(name: string): number | null;
}

/**
 * Checks the header against the kind's columns (unknown, repeated and missing columns are
 * errors naming the column) and returns the validator of the rows, or null when the header is bad.
 * `shortRowsAllowed`: worksheets leave trailing empty cells out, CSV records may not.
 */
export function createRowValidator(options: {
  kind: UploadKind;
  columns: readonly FileColumn[];
  drivers: readonly RecordDriver[];
  header: SheetRow;
  errors: UploadErrors;
  shortRowsAllowed: boolean;
}): RowValidator | null {
  const { kind, columns, errors, header } = options;
  // A downloaded file's neutralised cells ('=x, lib/spreadsheet-cells.ts) read as what was exported.
  const names = header.fields.map((name) => restoreCell(name.trim()));
  // Trailing empty header cells (a worksheet's formatted but empty columns) are not columns.
  while (names.length > 0 && names[names.length - 1] === "") names.pop();
  const positions = columnPositions(kind, columns, names, header, errors);
  if (!positions) return null;

  const width = names.length;
  const present = new Set(columns.filter((c) => !c.required && positions.has(c.name)).map((c) => c.name));
  const buildRow = stagerOf(kind, columns, options.drivers, positions, present);

  return {
    present,
    positionOf: (name) => {
      const p = positions.get(name);
      return p === undefined ? null : p + 1;
    },
    stage(row) {
      if (row.problem) {
        errors.add({
          line: row.problem.line,
          column: row.problem.column,
          field: names[row.problem.column - 1] ?? null,
          reason: row.problem.reason,
        });
        return null;
      }
      const fields = row.fields;
      if (fields.every((f) => f.trim() === "")) return null;
      const extra = fields.slice(width).some((f) => f.trim() !== "");
      if (extra || (!options.shortRowsAllowed && fields.length < width)) {
        errors.add({
          line: row.line,
          column: null,
          field: null,
          reason: "field_count",
          values: { expected: width, found: fields.length },
        });
        return null;
      }
      // A row with bad cells is staged all the same (those cells empty): nothing is written once
      // there is an error, and its key still counts for the repeated-key and reference checks.
      return copyLine(buildRow(new Cells(row, names, errors)));
    },
  };
}

/**
 * Each known column's position in the header (0-based), or null when the header has an unknown or
 * repeated column or lacks a required one (an error each).
 */
function columnPositions(
  kind: UploadKind,
  columns: readonly FileColumn[],
  names: string[],
  header: SheetRow,
  errors: UploadErrors,
): Map<string, number> | null {
  const positions = new Map<string, number>();
  let ok = true;
  const informational = INFORMATIONAL_COLUMNS[kind] ?? [];
  names.forEach((name, i) => {
    const known = columns.some((c) => c.name === name) || informational.includes(name);
    if (!known) {
      ok = false;
      errors.add({
        line: header.line,
        column: i + 1,
        field: name,
        reason: "unknown_column",
        values: { column: name, expected: columns.map((c) => c.name).join(", ") },
      });
    } else if (positions.has(name)) {
      ok = false;
      errors.add({
        line: header.line,
        column: i + 1,
        field: name,
        reason: "duplicate_column",
        values: { column: name },
      });
    } else positions.set(name, i);
  });
  for (const c of columns) {
    if (c.required && !positions.has(c.name)) {
      ok = false;
      errors.add({
        line: header.line,
        column: null,
        field: c.name,
        reason: "missing_column",
        values: { column: c.name },
      });
    }
  }
  return ok ? positions : null;
}

/** Reads typed cells of one row, adding an error per bad cell. */
class Cells {
  constructor(
    private readonly row: SheetRow,
    private readonly names: string[],
    private readonly errors: UploadErrors,
  ) {}

  private fail(
    position: number,
    reason: Parameters<UploadErrors["add"]>[0]["reason"],
    values: Record<string, string | number>,
  ) {
    this.errors.add({
      line: this.row.line,
      column: position + 1,
      field: this.names[position] ?? null,
      reason,
      values,
    });
  }

  get line(): number {
    return this.row.line;
  }

  private raw(position: number): string {
    return restoreCell((this.row.fields[position] ?? "").trim());
  }

  /** A code or reference; null when empty (an error if required). */
  code(position: number, required: boolean): string | null {
    const v = this.raw(position);
    if (v === "") {
      if (required) this.fail(position, "required", { column: this.names[position]! });
      return null;
    }
    if (v.length > MAX_CODE) this.fail(position, "too_long", { maximum: MAX_CODE });
    return v;
  }

  text(position: number): string {
    const v = this.raw(position);
    if (v.length > MAX_TEXT) this.fail(position, "too_long", { maximum: MAX_TEXT });
    return v;
  }

  /** A decimal as written (exact), or null when empty. */
  decimal(position: number, required: boolean): string | null {
    const v = this.raw(position);
    if (v === "") {
      if (required) this.fail(position, "required", { column: this.names[position]! });
      return null;
    }
    if (!DECIMAL.test(v) || !Number.isFinite(Number(v))) {
      this.fail(position, "invalid_number", { value: v });
      return null;
    }
    return v;
  }

  date(position: number): string | null {
    const v = this.raw(position);
    if (v === "") return null;
    if (!isDate(v)) {
      this.fail(position, "invalid_date", { value: v });
      return null;
    }
    return v;
  }

  boolean(position: number): boolean | null {
    const v = this.raw(position);
    if (v === "") {
      this.fail(position, "required", { column: this.names[position]! });
      return null;
    }
    if (!BOOLEAN.test(v)) {
      this.fail(position, "invalid_boolean", { value: v });
      return null;
    }
    return v.toLowerCase() === "true";
  }
}

type Value = string | number | boolean | null;

/** The function turning a row's cells into the staging columns of the kind (repository STAGE_COLUMNS). */
function stagerOf(
  kind: UploadKind,
  columns: readonly FileColumn[],
  drivers: readonly RecordDriver[],
  positions: Map<string, number>,
  present: ReadonlySet<string>,
): (cells: Cells) => Value[] {
  const at = (name: string) => positions.get(name) ?? -1;
  const optionalText = (cells: Cells, name: string) => (present.has(name) ? cells.text(at(name)) : null);
  switch (kind) {
    case "ACCOUNTS":
      return (c) => [
        c.line,
        c.code(at("account_code"), true),
        optionalText(c, "name"),
        optionalText(c, "expense_group"),
      ];
    case "ACCOUNT_VALUES":
      // An empty amount is an account without a value (as the accounts data file writes it):
      // nothing is written for it (and Replace leaves it without one).
      return (c) => [c.line, c.code(at("account_code"), true), c.decimal(at("amount"), false)];
    case "COST_POOLS":
      return (c) => [
        c.line,
        c.code(at("pool_code"), true),
        optionalText(c, "name"),
        c.boolean(at("is_direct")),
      ];
    case "POOL_DRIVER_VALUES":
      return (c) => [
        c.line,
        c.code(at("driver_name"), true),
        c.code(at("pool_code"), true),
        c.decimal(at("value"), true),
      ];
    case "RECORDS": {
      const byName = new Map(drivers.map((d) => [d.name, d]));
      // Only the drivers the file has a column for: MERGE keeps the others as they are.
      const used = columns
        .filter((col) => col.name !== "identifier" && positions.has(col.name))
        .map((col) => ({ name: col.name, position: at(col.name), type: byName.get(col.name)!.dataType }));
      return (c) => {
        const fields: Record<string, string | number | null> = {};
        for (const driver of used) {
          switch (driver.type) {
            case "DECI": {
              const v = c.decimal(driver.position, false);
              fields[driver.name] = v === null ? null : Number(v);
              break;
            }
            case "DATE":
              fields[driver.name] = c.date(driver.position);
              break;
            case "DIMENSION":
              fields[driver.name] = c.code(driver.position, false);
              break;
            default: {
              const v = c.text(driver.position);
              fields[driver.name] = v === "" ? null : v;
            }
          }
        }
        return [c.line, c.code(at("identifier"), true), JSON.stringify(fields)];
      };
    }
  }
}
