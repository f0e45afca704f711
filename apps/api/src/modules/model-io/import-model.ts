import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { ModelCreated } from "@costflow/contract/models";
import type { Executor } from "@costflow/db/client";
import { readBundle } from "@costflow/engine/bundle/read-bundle";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { AppError, fieldError } from "../../lib/app-error.ts";
import { checkUniqueRules } from "./check-unique-rules.ts";
import { saveModelData } from "./save-model-data.ts";

/** Largest model bundle accepted (bytes of the .zip); COSTFLOW_MODEL_IMPORT_MAX_BYTES, default 1 GiB. */
export function importLimitBytes(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.COSTFLOW_MODEL_IMPORT_MAX_BYTES);
  return Number.isSafeInteger(value) && value > 0 ? value : 1024 ** 3;
}

/**
 * Streams the multipart field `file` to a temporary file (never buffered whole; past the limit
 * 413), then imports it. The temporary folder is removed whatever happens.
 */
export async function importModelUpload(
  ctx: AppContext,
  request: FastifyRequest,
  companyId: number,
  userId: number,
): Promise<ModelCreated> {
  if (!request.isMultipart()) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", [
      { field: "content-type", reason: "unsupported_media_type" },
    ]);
  }
  const limit = importLimitBytes();
  const dir = await mkdtemp(join(tmpdir(), "costflow-import-"));
  try {
    const part = await request.file({ limits: { fileSize: limit, files: 1 } });
    if (part?.fieldname !== "file") throw fieldError("VALIDATION_ERROR", "file", "required");
    const path = join(dir, "bundle.zip");
    try {
      await pipeline(part.file, createWriteStream(path));
    } catch (error) {
      if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
        throw fieldError("PAYLOAD_TOO_LARGE", "file", "too_large", { maximum: limit });
      }
      throw error;
    }
    if (part.file.truncated) throw fieldError("PAYLOAD_TOO_LARGE", "file", "too_large", { maximum: limit });
    return await importBundle(ctx.db, companyId, userId, path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Reads a bundle (folder or .zip; a BundleError lists every problem with file, line and column)
 * and writes it as a new model with its scenario, all in one transaction.
 */
export async function importBundle(
  db: Executor,
  companyId: number,
  userId: number | null,
  path: string,
  overrides: { name?: string | undefined; shortDescription?: string | undefined } = {},
): Promise<ModelCreated> {
  const model = await readBundle(path);
  checkUniqueRules(model);
  if (overrides.name !== undefined) model.info.name = overrides.name;
  if (overrides.shortDescription !== undefined) model.info.shortDescription = overrides.shortDescription;
  return saveModelData(db, companyId, userId, model);
}
