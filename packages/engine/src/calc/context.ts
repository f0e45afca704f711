// State shared by the steps of one calculation: lookups by code, the currency's digits, scratch
// buffers, the detail budget, progress/stop plumbing, warnings and data issues.

import type { DimensionRecords, ModelData } from "../model/types.ts";
import { CalcStoppedError } from "./errors.ts";
import { Arena, Float64Slab } from "./float64-block.ts";
import { Splitter } from "./largest-remainder.ts";
import type { DataIssue } from "./result-types.ts";

export interface CalcOptions {
  onProgress?: (p: { step: number; fraction: number; message: string }) => void;
  shouldStop?: () => boolean;
  /**
   * How many per-record numbers (step-4 amounts per activity, per-push vectors) the result may keep
   * for the detail views; past it they are null and a warning says so. Default 32M (256 MB).
   */
  detailBudget?: number;
  /**
   * Vectors of more numbers than this (dimensions with more records) are never kept, so the budget
   * goes to the dimensions whose detail a reader will show (the API keeps detail up to a record
   * limit). Default: no limit.
   */
  detailRecordLimit?: number;
  /**
   * With a record limit: also sum, per activity, what rests on records past the limit onto the
   * records within it that they roll up to (CalcResult.rolled; calc/roll-detail.ts), for the
   * record trace. Off by default.
   */
  rollUpDetail?: boolean;
}

/** Chunks of the detail copies and of other copies (numbers; see float64-block.ts). */
const DETAIL_CHUNK = 16 * 1024 * 1024;
const COPY_CHUNK = 4 * 1024 * 1024;

/** Plain code-unit order (never locale order). */
export const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class CalcContext {
  readonly model: ModelData;
  readonly digits: number;
  /** Working arrays that live as long as the calculation (see Arena). */
  readonly arena: Arena;
  readonly splitter: Splitter;
  readonly warnings: string[] = [];
  readonly issues: DataIssue[] = [];
  private budget: number;
  private readonly recordLimit: number;
  private readonly detail = new Float64Slab(DETAIL_CHUNK);
  private readonly copies = new Float64Slab(COPY_CHUNK);
  private budgetWarned = false;
  private readonly options: CalcOptions;
  /** Whether the roll-up detail is asked for (CalcOptions.rollUpDetail). */
  readonly rollUpDetail: boolean;

  constructor(model: ModelData, digits: number, options: CalcOptions) {
    this.model = model;
    this.digits = digits;
    this.options = options;
    this.budget = options.detailBudget ?? 32 * 1024 * 1024;
    this.recordLimit = options.detailRecordLimit ?? Number.POSITIVE_INFINITY;
    this.rollUpDetail = options.rollUpDetail === true;
    // A first chunk in proportion to the model: a few numbers per record.
    let records = 0;
    for (const r of model.records.values()) records += r.identifiers.length;
    this.arena = new Arena(records * 32);
    this.splitter = new Splitter(this.arena);
  }

  records(dimension: string): DimensionRecords | undefined {
    return this.model.records.get(dimension);
  }

  recordCount(dimension: string): number {
    return this.model.records.get(dimension)?.identifiers.length ?? 0;
  }

  progress(step: number, fraction: number, message: string): void {
    this.options.onProgress?.({ step, fraction, message });
  }

  /** Cooperative stop point: called between chunks. */
  checkStop(step: number): void {
    if (this.options.shouldStop?.()) throw new CalcStoppedError(step);
  }

  issue(issue: DataIssue): void {
    this.issues.push(issue);
  }

  /**
   * Whether the detail budget can still take a vector of `length` numbers (after `reserved` more
   * numbers are kept first).
   */
  canKeep(length: number, reserved = 0): boolean {
    return length <= this.budget - reserved && length <= this.recordLimit;
  }

  /** Whether a dimension of `length` records is past the record limit (its detail never kept). */
  overRecordLimit(length: number): boolean {
    return length > this.recordLimit;
  }

  /** A copy of `vector` when the detail budget allows it, else null (with one warning). */
  keep(vector: Float64Array): Float64Array | null {
    // Over the record limit: not kept by choice, so neither budget nor warning.
    if (vector.length > this.recordLimit) return null;
    if (vector.length <= this.budget) {
      this.budget -= vector.length;
      // Copies in chunks of up to 16M numbers (never more than the budget left).
      return this.detail.copy(vector, Math.min(DETAIL_CHUNK, this.budget + vector.length));
    }
    return this.notKept();
  }

  /** A copy kept for later steps (per-activity P&L vectors), from large chunks. */
  copy(vector: Float64Array): Float64Array {
    return this.copies.copy(vector);
  }

  /** Detail that does not fit the budget: null, and the warning the first time. */
  notKept(length?: number): null {
    if (length !== undefined && length > this.recordLimit) return null;
    if (!this.budgetWarned) {
      this.budgetWarned = true;
      this.warnings.push(
        "Per-record detail (step-4 amounts per activity, per-push vectors) exceeded the detail budget; later detail vectors are not kept",
      );
    }
    return null;
  }
}
