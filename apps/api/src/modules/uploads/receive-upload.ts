import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import { extname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { textSchema } from "@costflow/contract/common";
import {
  UPLOAD_FORMATS,
  type UploadAccepted,
  UploadRequest,
  uploadMessage,
} from "@costflow/contract/uploads";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError, type FieldProblem, fieldError, notFound } from "../../lib/app-error.ts";
import { languageFromHeader } from "../../lib/language.ts";
import { authOf, tenantOf } from "../../plugins/access.ts";
import { looksLikeText } from "./decode-text.ts";
import { UPLOAD_QUEUE, type UploadJob, uploadDirectory, uploadMaxBytes } from "./upload-settings.ts";

const FIELD_NAMES = ["scenario", "kind", "mode", "dimension"];
const PART_LIMITS = { files: 1, fields: 10, fieldSize: 1000 };

/**
 * `POST uploads/`: streams the `file` part to a file of the upload directory (never whole in
 * memory), checks the form fields, the format and that the file can be read, records the upload
 * process and queues its job. Answers before the file is processed.
 */
export async function receiveUpload(ctx: AppContext, request: FastifyRequest): Promise<UploadAccepted> {
  const companyId = tenantOf(request);
  if (!request.isMultipart()) throw fieldError("VALIDATION_ERROR", "file", "required");
  const { fields, saved } = await receiveParts(request);
  try {
    if (!saved) throw fieldError("VALIDATION_ERROR", "file", "required");
    const input = checkFields(fields);
    const scenario = await ctx.repos.models.findScenario(companyId, input.scenario);
    if (!scenario) throw notFound("scenario");
    if (input.kind === "RECORDS") {
      if (input.dimension === undefined) throw fieldError("VALIDATION_ERROR", "dimension", "required");
      if (!(await ctx.repos.uploads.findDimension(companyId, scenario.modelId, input.dimension)))
        throw notFound("dimension");
    } else if (input.dimension !== undefined) {
      throw fieldError("VALIDATION_ERROR", "dimension", "unknown_field");
    }
    if (!(await isReadable(saved.path))) throw fieldError("IMPOSSIBLE_TO_UPLOAD", "file", "unreadable_file");

    const upload = await ctx.repos.uploads.create(companyId, {
      scenarioId: scenario.id,
      kind: input.kind,
      dimensionId: input.kind === "RECORDS" ? input.dimension! : null,
      mode: input.mode,
      fileName: saved.name,
      filePath: saved.path,
      requestedBy: authOf(request).user.id,
    });
    await queueUpload(ctx, { uploadId: upload.id, companyId, filePath: saved.path });
    return {
      id: upload.id,
      status: "PROCESSING",
      message: uploadMessage(languageFromHeader(request.headers["accept-language"]), "accepted"),
    };
  } catch (error) {
    await rm(saved?.path ?? "", { force: true });
    throw error;
  }
}

/**
 * The form's fields, and the `file` part streamed to a file of the upload directory (null when
 * there was none); a refused part or name, or a file over the size limit, leaves no file behind.
 */
async function receiveParts(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; saved: { path: string; name: string } | null }> {
  const maxBytes = uploadMaxBytes();
  const fields: Record<string, string> = {};
  let saved: { path: string; name: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { ...PART_LIMITS, fileSize: maxBytes } })) {
      if (part.type === "field") {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== "file") {
        part.file.resume();
        throw fieldError("VALIDATION_ERROR", part.fieldname, "unknown_field");
      }
      if (!textSchema.safeParse(part.filename).success) {
        // The name is stored with the upload: text PostgreSQL cannot hold is refused here.
        part.file.resume();
        throw fieldError("VALIDATION_ERROR", "file", "invalid_character");
      }
      const extension = extname(part.filename).toLowerCase();
      if (!(UPLOAD_FORMATS as readonly string[]).includes(extension)) {
        part.file.resume();
        throw fieldError("FILE_FORMAT_NOT_ACCEPTED", "file", "file_format");
      }
      const directory = uploadDirectory();
      await mkdir(directory, { recursive: true });
      saved = { path: join(directory, `${randomUUID()}${extension}`), name: part.filename };
      await pipeline(part.file, createWriteStream(saved.path));
    }
  } catch (error) {
    if (saved) await rm(saved.path, { force: true });
    throw multipartError(error, maxBytes);
  }
  return { fields, saved };
}

/** Queues the upload's job; an upload whose job cannot be queued ends in ERROR (503). */
async function queueUpload(ctx: AppContext, job: UploadJob): Promise<void> {
  const { companyId, uploadId } = job;
  let taskId: string | null;
  try {
    // Never retried: a worker that dies leaves the upload to the lease reaper, which ends it in
    // ERROR (a retry could apply, hours later, a file its user saw fail). Long files take long
    // on the embedded database, hence the long expiry of the queue's own attempt.
    taskId = await ctx.queue.send(UPLOAD_QUEUE, job, { retryLimit: 0, expireInSeconds: 4 * 3600 });
  } catch (error) {
    await ctx.repos.uploads.finishWithoutWriting(companyId, uploadId, {
      status: "ERROR",
      errors: [],
      rowsDone: 0,
      rowsTotal: null,
    });
    throw new AppError("SERVICE_UNAVAILABLE", [], `upload job not queued: ${String(error)}`);
  }
  if (taskId) await ctx.repos.uploads.setTaskId(companyId, uploadId, taskId);
}

/** The form fields, or a 400 naming each refused field. */
function checkFields(fields: Record<string, string>): z.infer<typeof UploadRequest> {
  const parsed = UploadRequest.safeParse(fields);
  if (parsed.success) return parsed.data;
  const problems: FieldProblem[] = [];
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) problems.push({ field: key, reason: "unknown_field" });
      continue;
    }
    const field = issue.path.join(".") || "body";
    const missing = FIELD_NAMES.includes(field) && (fields[field] === undefined || fields[field] === "");
    problems.push({ field, reason: missing ? "required" : "invalid_value" });
  }
  throw new AppError("VALIDATION_ERROR", problems);
}

/** The first 64 KB: a workbook must be a zip archive, a CSV file readable text. */
async function isReadable(path: string): Promise<boolean> {
  const file = await open(path, "r");
  try {
    const { buffer, bytesRead } = await file.read({ buffer: Buffer.alloc(64 * 1024), position: 0 });
    const sample = buffer.subarray(0, bytesRead);
    if (path.endsWith(".xlsx")) return sample.length >= 4 && sample.readUInt32LE(0) === 0x04034b50;
    return looksLikeText(sample);
  } finally {
    await file.close();
  }
}

/** Errors of the multipart stream as the API's typed errors. */
function multipartError(error: unknown, maxBytes: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  const status = (error as { statusCode?: number }).statusCode;
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    return new AppError("PAYLOAD_TOO_LARGE", [
      { field: "file", reason: "too_large", values: { maximum: maxBytes } },
    ]);
  }
  if (status === 413) {
    // More parts than a form of one file and four fields has.
    const [field, maximum] =
      code === "FST_FILES_LIMIT" ? ["file", PART_LIMITS.files] : ["body", PART_LIMITS.fields];
    return new AppError("PAYLOAD_TOO_LARGE", [{ field, reason: "too_big", values: { maximum } }]);
  }
  // A body that is not a complete multipart form (cut off, malformed boundaries).
  return new AppError("IMPOSSIBLE_TO_UPLOAD", [{ field: "file", reason: "unreadable_file" }], String(error));
}
