import type { Language } from "@costflow/contract/languages";
import {
  UPLOAD_ERROR_REASONS,
  type UploadError,
  type UploadErrorReason,
  uploadMessage,
} from "@costflow/contract/uploads";
import type { StoredUploadError } from "@costflow/db/repositories/uploads";

type NewUploadError = Omit<StoredUploadError, "message" | "reason"> & { reason: UploadErrorReason };

/** Values shown in messages are cut, so that one absurd cell cannot bloat the error list. */
const MAX_SHOWN = 80;
const shown = (value: string) => (value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value);

/** Collects a file's errors: the first `cap` are kept, the others only counted. */
export class UploadErrors {
  private readonly kept: StoredUploadError[] = [];
  private beyond = 0;

  constructor(private readonly cap: number) {}

  add(error: NewUploadError): void {
    if (this.kept.length >= this.cap) {
      this.beyond++;
      return;
    }
    const values: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(error.values ?? {})) {
      values[key] = typeof value === "string" ? shown(value) : value;
    }
    this.kept.push({ ...error, values, message: uploadMessage("en", `errors.${error.reason}`, values) });
  }

  /** Counts errors found elsewhere (the database checks) beyond those added. */
  addUncounted(count: number): void {
    this.beyond += count;
  }

  /** How many more errors would still be listed. */
  get room(): number {
    return this.cap - this.kept.length;
  }

  get count(): number {
    return this.kept.length + this.beyond;
  }

  /** The listed errors in file order, then a `more_errors` entry when some were only counted. */
  toStored(): StoredUploadError[] {
    const sorted = [...this.kept].sort(
      (a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
    );
    if (this.beyond > 0) {
      const values = { count: this.beyond };
      sorted.push({
        line: null,
        column: null,
        field: null,
        reason: "more_errors",
        values,
        message: uploadMessage("en", "errors.more_errors", values),
      });
    }
    return sorted;
  }
}

/** A stored error as the API shows it, in the reader's language. */
export function toUploadError(error: StoredUploadError, language: Language): UploadError {
  const reason = (UPLOAD_ERROR_REASONS as readonly string[]).includes(error.reason)
    ? (error.reason as UploadErrorReason)
    : "processing_failed";
  return {
    line: error.line ?? null,
    column: error.column ?? null,
    field: error.field ?? null,
    reason,
    message: uploadMessage(language, `errors.${reason}`, error.values ?? {}),
  };
}
