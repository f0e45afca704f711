// Errors of a model bundle. Every issue names the file, the line (1-based, the header is line 1)
// and the column (1-based field number in a CSV; character column in a JSON file), plus the
// column's name when there is one. Reading collects issues up to a cap and then throws them all.

export type BundleErrorCode =
  | "io"
  | "zip"
  | "unsafe_path"
  | "csv_syntax"
  | "field_count"
  | "unknown_file"
  | "missing_file"
  | "unknown_column"
  | "missing_column"
  | "duplicate_column"
  | "required"
  | "not_a_number"
  | "not_a_boolean"
  | "not_a_date"
  | "invalid_value"
  | "duplicate"
  | "unknown_reference"
  | "cyclic_reference"
  | "formula"
  | "json";

export interface BundleIssue {
  code: BundleErrorCode;
  /** Path inside the bundle, e.g. "records/ORDERS.csv". */
  file: string;
  /** 1-based; 0 when the issue concerns the whole file. */
  line: number;
  /** 1-based; 0 when the issue concerns a whole line or file. */
  column: number;
  columnName?: string;
  /** What is wrong, without the location (see describeIssue). */
  message: string;
}

export function describeIssue(issue: BundleIssue): string {
  let where = issue.file;
  if (issue.line > 0) where += `, line ${issue.line}`;
  if (issue.column > 0) where += `, column ${issue.column}`;
  if (issue.columnName !== undefined) where += ` (${issue.columnName})`;
  return `${where}: ${issue.message}`;
}

const SHOWN_IN_MESSAGE = 20;

/** Thrown by readBundle: the first issue's location at top level, all issues in `issues`. */
export class BundleError extends Error {
  readonly code: BundleErrorCode;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly columnName?: string;
  readonly issues: BundleIssue[];
  /** True when reading stopped at the cap and more issues may exist. */
  readonly truncated: boolean;

  constructor(issues: BundleIssue[], truncated = false) {
    const first = issues[0];
    if (!first) throw new Error("BundleError needs at least one issue");
    const lines = issues.slice(0, SHOWN_IN_MESSAGE).map(describeIssue);
    if (issues.length > SHOWN_IN_MESSAGE) lines.push(`... and ${issues.length - SHOWN_IN_MESSAGE} more`);
    if (truncated) lines.push("(stopped after this many errors)");
    super(issues.length === 1 ? lines[0] : `${issues.length} errors in the bundle:\n${lines.join("\n")}`);
    this.name = "BundleError";
    this.code = first.code;
    this.file = first.file;
    this.line = first.line;
    this.column = first.column;
    if (first.columnName !== undefined) this.columnName = first.columnName;
    this.issues = issues;
    this.truncated = truncated;
  }
}

/** Thrown internally when the cap is reached, to stop reading at once. */
export class IssueCapReached extends Error {}

/** Collects issues; throws IssueCapReached when `max` are collected. */
export class IssueCollector {
  readonly issues: BundleIssue[] = [];
  truncated = false;

  constructor(readonly max: number) {}

  add(issue: BundleIssue): void {
    this.issues.push(issue);
    if (this.issues.length >= this.max) {
      this.truncated = true;
      throw new IssueCapReached();
    }
  }

  get count(): number {
    return this.issues.length;
  }

  /** Throws the collected issues as a BundleError, if any. */
  throwIfAny(): void {
    if (this.issues.length > 0) throw new BundleError(this.issues, this.truncated);
  }
}
