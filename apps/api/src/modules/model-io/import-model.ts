import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { ModelCreated } from "@costflow/contract/models";
import type { Executor } from "@costflow/db/client";
import { readBundle } from "@costflow/engine/bundle/read-bundle";
import { type ZipLimits, ZipTooLargeError } from "@costflow/engine/bundle/zip-source";
import type { FastifyRequest } from "fastify";
import { jobSettings } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { AppError, fieldError } from "../../lib/app-error.ts";
import { checkUniqueRules } from "./check-unique-rules.ts";
import { saveModelData } from "./save-model-data.ts";

/** Largest model bundle accepted (bytes of the .zip); COSTFLOW_MODEL_IMPORT_MAX_BYTES, default 1 GiB. */
function importLimitBytes(): number {
  return jobSettings().modelImport.maxBytes;
}

/**
 * Inflated-size limits of an imported bundle (counted while inflating, so an archive that lies
 * about its sizes is stopped too): model.json and settings.json at most 16 MiB each (they are read
 * whole), any other entry COSTFLOW_MODEL_IMPORT_MAX_ENTRY_BYTES (default 4 GiB), all entries
 * together COSTFLOW_MODEL_IMPORT_MAX_INFLATED_BYTES (default 8 GiB).
 */
function importZipLimits(): Required<ZipLimits> {
  const limits = jobSettings().modelImport;
  const entry = limits.maxEntryBytes;
  const json = Math.min(entry, 16 * 1024 ** 2);
  return {
    entryBytes: (name) => (name.endsWith(".json") ? json : entry),
    totalBytes: limits.maxInflatedBytes,
  };
}

// Temporary folders of imports are named after this host and process, so that a process started
// after a crash (kill -9 leaves the folder) can tell its dead predecessors' folders from the live
// ones of other processes on the machine.
const IMPORT_FOLDER_PREFIX = "costflow-import-";
const ownPrefix = () => `${IMPORT_FOLDER_PREFIX}${hostname().replace(/[^\w]/g, "_")}-${process.pid}-`;

/** Removes the import folders of processes of this host that no longer run; answers how many. */
export async function sweepImportFolders(directory = tmpdir()): Promise<number> {
  const host = hostname().replace(/[^\w]/g, "_");
  let removed = 0;
  for (const name of await readdir(directory).catch(() => [] as string[])) {
    if (!name.startsWith(`${IMPORT_FOLDER_PREFIX}${host}-`)) continue;
    const pid = Number(name.slice(IMPORT_FOLDER_PREFIX.length + host.length + 1).split("-")[0]);
    if (!Number.isInteger(pid) || pid <= 0 || isAlive(pid)) continue;
    await rm(join(directory, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as { code?: string }).code === "EPERM";
  }
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
  const dir = await mkdtemp(join(tmpdir(), ownPrefix()));
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
    return await importBundle(companyId, userId, path, {}, importZipLimits(), ctx.db);
  } catch (error) {
    if (!(error instanceof ZipTooLargeError)) throw error;
    throw fieldError(
      "PAYLOAD_TOO_LARGE",
      "file",
      error.scope === "entry" ? "entry_too_large" : "archive_too_large",
      { entry: error.entry, maximum: error.maximum },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Reads a bundle (folder or .zip; a BundleError lists every problem with file, line and column)
 * and writes it as a new model with its scenario, all in one transaction.
 */
export async function importBundle(
  companyId: number,
  userId: number | null,
  path: string,
  overrides: { name?: string | undefined; shortDescription?: string | undefined },
  zipLimits: ZipLimits,
  db: Executor,
): Promise<ModelCreated> {
  const model = await readBundle(path, { zipLimits });
  checkUniqueRules(model);
  if (overrides.name !== undefined) model.info.name = overrides.name;
  if (overrides.shortDescription !== undefined) model.info.shortDescription = overrides.shortDescription;
  return saveModelData(companyId, userId, model, db);
}
