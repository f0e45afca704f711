import {
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  FIELD_REASONS,
  type FieldReason,
} from "@costflow/contract/errors";
import type { Language } from "@costflow/contract/languages";
import { type MessageKey, serverMessage } from "@costflow/contract/server-messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, type FieldProblem } from "../lib/app-error.ts";
import { DATA_EXCEPTIONS, postgresErrorCode } from "../lib/db-errors.ts";
import { languageFromHeader } from "../lib/language.ts";

/** The one error body of every 4xx/5xx: translated message, its key, and the refused fields. */
export function errorBody(error: AppError, language: Language): ErrorBody {
  return {
    code: error.code,
    message: serverMessage(language, `errors.${error.code}`),
    message_key: `errors.${error.code}`,
    errors: error.fields.map((f) => ({
      field: f.field,
      reason: f.reason,
      message: serverMessage(language, `errors.reasons.${f.reason}` as MessageKey, f.values),
    })),
  };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const language = languageFromHeader(request.headers["accept-language"]);
  return reply.status(ERROR_STATUS[error.code]).type("application/json").send(errorBody(error, language));
}

interface ZodIssueLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** Turns schema-validation issues into field problems that say which field and why. */
function fieldProblems(issues: ZodIssueLike[], input: unknown): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const issue of issues) {
    const path = issue.instancePath.split("/").filter(Boolean);
    const field = path.join(".") || "body";
    const value = path.reduce<unknown>(
      (node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
      input,
    );
    const p = issue.params;
    switch (issue.keyword) {
      case "unrecognized_keys":
        for (const key of (p.keys as string[] | undefined) ?? []) {
          problems.push({ field: [...path, key].join("."), reason: "unknown_field" });
        }
        break;
      case "invalid_type":
        problems.push({ field, reason: value === undefined || value === null ? "required" : "invalid_type" });
        break;
      case "too_small": {
        const minimum = Number(p.minimum);
        // An empty (or blank, since strings are trimmed first) required text is "required".
        if (p.origin === "string" && typeof value === "string" && value.trim() === "") {
          problems.push({ field, reason: "required" });
        } else problems.push({ field, reason: sizeReason(p.origin, "small"), values: { minimum } });
        break;
      }
      case "too_big":
        problems.push({ field, reason: sizeReason(p.origin, "big"), values: { maximum: Number(p.maximum) } });
        break;
      case "invalid_format":
        problems.push({
          field,
          reason:
            p.format === "email" ? "invalid_email" : p.format === "date" ? "invalid_date" : "invalid_format",
        });
        break;
      case "custom": {
        // A refinement that names its own reason (textSchema's NUL check: invalid_character).
        const reason = (p.params as { reason?: unknown } | undefined)?.reason;
        problems.push({ field, reason: isFieldReason(reason) ? reason : "invalid_value" });
        break;
      }
      default:
        problems.push({ field, reason: "invalid_value" });
    }
  }
  return problems;
}

function isFieldReason(value: unknown): value is FieldReason {
  return typeof value === "string" && (FIELD_REASONS as readonly string[]).includes(value);
}

function sizeReason(origin: unknown, side: "small" | "big"): FieldReason {
  if (origin === "string" || origin === "array" || origin === "set")
    return side === "small" ? "too_short" : "too_long";
  return side === "small" ? "too_small" : "too_big";
}

/** Maps whatever was thrown to an AppError; unexpected errors become INTERNAL (details logged only). */
export function toAppError(
  error: FastifyError | Error,
  request: FastifyRequest,
  bodyLimit: number,
): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext;
    const input =
      context === "querystring" ? request.query : context === "params" ? request.params : request.body;
    const problems = fieldProblems(error.validation as unknown as ZodIssueLike[], input);
    // A path id past the 32-bit id columns names a row that cannot exist: 404, as for any
    // missing id (docs/api-contract.md, "Malformed input"); in a query or body it stays a 400.
    if (context === "params" && problems.some((p) => p.reason === "too_big")) {
      return new AppError(
        "NOT_FOUND",
        problems.filter((p) => p.reason === "too_big").map((p) => ({ field: p.field, reason: "not_found" })),
      );
    }
    return new AppError("VALIDATION_ERROR", problems);
  }
  const refused = refusedByDatabase(error, request);
  if (refused) return refused;
  const code = (error as FastifyError).code;
  switch (code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new AppError("BAD_REQUEST", [{ field: "body", reason: "invalid_json" }]);
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new AppError("BAD_REQUEST", [{ field: "body", reason: "required" }]);
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("PAYLOAD_TOO_LARGE", [
        { field: "body", reason: "too_large", values: { maximum: bodyLimit } },
      ]);
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError("UNSUPPORTED_MEDIA_TYPE", [
        { field: "content-type", reason: "unsupported_media_type" },
      ]);
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (error instanceof SyntaxError && status === 400) {
    return new AppError("BAD_REQUEST", [{ field: "body", reason: "invalid_json" }]);
  }
  const byStatus: Record<number, ErrorCode> = {
    401: "NOT_AUTHENTICATED",
    403: "FORBIDDEN",
    404: "NOT_FOUND",
    405: "METHOD_NOT_ALLOWED",
    413: "PAYLOAD_TOO_LARGE",
    415: "UNSUPPORTED_MEDIA_TYPE",
    429: "RATE_LIMITED",
  };
  if (byStatus[status]) return new AppError(byStatus[status], [], error.message);
  if (status >= 400 && status < 500) return new AppError("BAD_REQUEST", [], error.message);
  return new AppError(status === 503 ? "SERVICE_UNAVAILABLE" : "INTERNAL", [], error.message);
}

/**
 * Last resort for input the schemas let through but PostgreSQL cannot hold (a NUL in text, a
 * number past its column, text that is not a number or date where one is cast): a 400 naming the
 * part of the request it came from, never a 500. The contract's idSchema/textSchema refuse these
 * first, with the exact field; this only catches what a schema missed.
 */
function refusedByDatabase(error: Error, request: FastifyRequest): AppError | undefined {
  const code = postgresErrorCode(error);
  if (!code || !DATA_EXCEPTIONS[code]) return undefined;
  const body = request.body;
  const sentBody =
    (body && typeof body === "object" && Object.keys(body).length > 0) ||
    String(request.headers["content-type"]).startsWith("multipart/");
  const field = sentBody ? "body" : "query";
  return new AppError("BAD_REQUEST", [{ field, reason: DATA_EXCEPTIONS[code] }], error.message);
}

export function registerErrorHandler(app: FastifyInstance, bodyLimit: number) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error, request, bodyLimit);
    if (ERROR_STATUS[appError.code] >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ code: appError.code, detail: appError.message }, "request refused");
    return sendError(request, reply, appError);
  });
}
