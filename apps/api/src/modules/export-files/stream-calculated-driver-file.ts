import { Readable } from "node:stream";
import type { AppContext } from "../../context.ts";
import { fileKey, fileStore } from "./export-settings.ts";
import { EXPORT_FORMATS } from "./export-writers.ts";
import { calculatedDriverCsv, resolveCalculatedDriver } from "./records-only-calculated.ts";

/**
 * The calculated-driver export (`RECORDS_ONLY_CALCULATED`): the CSV is streamed at once, and kept
 * in the downloads list as it goes (PROCESSED when the whole CSV was written, ERROR otherwise).
 */
export async function streamCalculatedDriverFile(
  ctx: AppContext,
  userId: number,
  companyId: number,
  scenario: Parameters<typeof resolveCalculatedDriver>[2],
  driverId: number | undefined,
): Promise<{ fileName: string; body: Readable }> {
  const files = ctx.repos.exportFiles;
  const { driver, calculationId, fileName } = await resolveCalculatedDriver(
    ctx,
    companyId,
    scenario,
    driverId,
  );
  const row = await files.create(companyId, {
    scenarioId: scenario.id,
    modelId: scenario.modelId,
    kind: "RECORDS_ONLY_CALCULATED",
    title: driver.name,
    status: "PROCESSING",
    fileName,
    contentType: EXPORT_FORMATS.RECORDS_ONLY_CALCULATED.contentType,
    options: { driver: driver.id, calculation: calculationId },
    requestedBy: userId,
  });
  const key = fileKey(companyId, row.id);
  const stored = await fileStore().create(key);
  async function* tee() {
    let complete = false;
    try {
      for await (const text of calculatedDriverCsv(ctx, companyId, calculationId, driver)) {
        if (!stored.stream.write(text)) await new Promise((r) => stored.stream.once("drain", r));
        yield text;
      }
      complete = true;
    } finally {
      if (complete) {
        const sizeBytes = await stored.commit();
        await files.finish(companyId, row.id, { status: "PROCESSED", filePath: key, sizeBytes });
      } else {
        await stored.abort();
        await files.finish(companyId, row.id, { status: "ERROR", error: "failed" });
      }
    }
  }
  return { fileName, body: Readable.from(tee()) };
}
