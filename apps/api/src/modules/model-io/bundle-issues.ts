import type { Language } from "@costflow/contract/languages";
import type { BundleIssueCode, ModelImportErrorBody } from "@costflow/contract/models";
import { type MessageKey, serverMessage } from "@costflow/contract/server-messages";
import type { BundleError } from "@costflow/engine/bundle/bundle-error";
import { AppError } from "../../lib/app-error.ts";
import { errorBody } from "../../plugins/error-handler.ts";

/**
 * The 400 of a bundle that does not read: the usual error body (field `file`, invalid_format)
 * plus every issue with its file, line and column, its translated text and the reader's detail.
 */
export function importErrorBody(error: BundleError, language: Language): ModelImportErrorBody {
  const base = errorBody(
    new AppError("VALIDATION_ERROR", [{ field: "file", reason: "invalid_format" }]),
    language,
  );
  return {
    ...base,
    issues: error.issues.map((issue) => {
      const columnName = issue.columnName ?? null;
      return {
        code: issue.code as BundleIssueCode,
        file: issue.file,
        line: issue.line,
        column: issue.column,
        column_name: columnName,
        message: serverMessage(language, `errors.bundle.${issue.code}` as MessageKey, {
          file: issue.file,
          line: issue.line,
          column: issue.column,
          column_name: columnName ?? "",
        }),
        detail: issue.message,
      };
    }),
    truncated: error.truncated,
  };
}
