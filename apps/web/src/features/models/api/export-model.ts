import { downloadBinary } from "../../../lib/download";

/** GET models/{id}/export/?scenario: the model bundle (.zip) with that scenario's data. */
export function exportModel(model: { id: number; name: string }, scenario: number): Promise<void> {
  const fallback = `${model.name.replace(/[^\w.-]+/g, "_") || "model"}.zip`;
  return downloadBinary(`models/${model.id}/export/`, { scenario }, fallback);
}
