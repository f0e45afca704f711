import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Executor } from "@costflow/db/client";
import { rawQuery } from "@costflow/db/repositories/model-data/raw-client";
import { REPO_ROOT } from "@costflow/engine/test-support/shared-fixtures";
import { strToU8, zipSync } from "fflate";

export const templatesDir = join(REPO_ROOT, "packages/db/templates");
export const TEMPLATES = ["distribution", "manufacturing", "professional-services"] as const;

/** The files of a bundle folder, relative paths -> bytes; `replace` swaps or adds files. */
export function bundleFiles(dir: string, replace: Record<string, string> = {}): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  const walk = (at: string, prefix: string) => {
    for (const name of readdirSync(at)) {
      const full = join(at, name);
      if (statSync(full).isDirectory()) walk(full, `${prefix}${name}/`);
      else files[`${prefix}${name}`] = readFileSync(full);
    }
  };
  walk(dir, "");
  for (const [name, text] of Object.entries(replace)) files[name] = strToU8(text);
  return files;
}

/** A bundle folder zipped in memory (with files replaced), as the upload would carry it. */
export function zipBundle(dir: string, replace: Record<string, string> = {}): Buffer {
  return Buffer.from(zipSync(bundleFiles(dir, replace)));
}

/** A multipart/form-data body with one file field. */
export function multipart(
  file: Buffer,
  options: { field?: string; filename?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----costflow${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? "file"}"; filename="${options.filename ?? "model.zip"}"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** Every table a model import writes. */
export const MODEL_TABLES = [
  "models",
  "scenarios",
  "financial_accounts",
  "account_values",
  "cost_pools",
  "cost_pool_drivers",
  "cost_pool_driver_values",
  "activities",
  "dimensions",
  "dimension_drivers",
  "dimension_records",
  "calculated_drivers",
  "report_lines",
  "scenario_settings",
  "account_allocations",
  "cost_pool_allocations",
  "direct_allocations",
  "activity_allocations",
  "dimension_allocations",
  "calculated_driver_allocations",
];

/** Row counts of the model tables (all companies). */
export async function countRows(db: Executor): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of MODEL_TABLES) {
    const [row] = await rawQuery<{ n: string | number }>(`select count(*) as n from ${table}`, [], db);
    counts[table] = Number(row!.n);
  }
  return counts;
}
