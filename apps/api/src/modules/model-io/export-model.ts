import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeBundleZip } from "@costflow/engine/bundle/write-bundle";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { loadModelData } from "./load-model-data.ts";

interface ExportedBundle {
  path: string;
  fileName: string;
  /** Removes the temporary file; call it once the download has been sent. */
  cleanup: () => Promise<void>;
}

/** Writes the model with the chosen scenario as a bundle .zip in a temporary folder. */
export async function exportModel(
  ctx: AppContext,
  companyId: number,
  modelId: number,
  scenarioId: number,
): Promise<ExportedBundle> {
  const model = await ctx.repos.models.findModel(companyId, modelId);
  if (!model) throw notFound();
  const scenario = await ctx.repos.models.findScenario(companyId, scenarioId);
  if (!scenario || scenario.modelId !== model.id) throw notFound("scenario");
  const data = await loadModelData(companyId, scenario.id, ctx.db);
  const dir = await mkdtemp(join(tmpdir(), "costflow-export-"));
  const path = join(dir, "bundle.zip");
  try {
    await writeBundleZip(data, path);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    path,
    fileName: `${safeName(model.name)}-${safeName(scenario.name)}.zip`,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A file-name-safe form of a name: letters, digits, dot, dash and underscore. */
function safeName(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[^\w.-]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 60) || "model"
  );
}
