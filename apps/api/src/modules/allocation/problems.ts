import type { FieldReason } from "@costflow/contract/errors";
import { AppError, type FieldProblem } from "../../lib/app-error.ts";

/**
 * Collects every refused field of one request, so a form learns about all of them at once;
 * `throwIfAny` ends the request with one 400 naming them.
 */
export class Problems {
  readonly list: FieldProblem[] = [];

  add(field: string, reason: FieldReason, values?: FieldProblem["values"]): void {
    this.list.push({ field, reason, ...(values ? { values } : {}) });
  }

  has(field: string): boolean {
    return this.list.some((p) => p.field === field);
  }

  /** Notes `not_in_model` when an item the rule points to belongs to another model. */
  inModel(field: string, item: { modelId: number }, modelId: number): boolean {
    if (item.modelId === modelId) return true;
    this.add(field, "not_in_model");
    return false;
  }

  throwIfAny(): void {
    if (this.list.length > 0) throw new AppError("VALIDATION_ERROR", this.list);
  }
}
