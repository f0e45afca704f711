// `costflow calc <bundle> [--json <file>]`: read, calculate, print a summary, optionally write
// the results-summary JSON (shared/guide/results-summary.md).

import { readBundle } from "../bundle/read-bundle.ts";
import { calculate } from "../calc/calculate.ts";
import { writeSummaryJson } from "../summary/write-summary-json.ts";
import { parseArgs, UsageError } from "./args.ts";
import { formatResults } from "./print-results.ts";
import { formatBytes, Progress } from "./progress.ts";
import { writeFileStream } from "./write-json.ts";

export async function calcCommand(argv: readonly string[]): Promise<number> {
  const { positionals, options } = parseArgs(argv, ["json"]);
  if (positionals.length !== 1) throw new UsageError("calc needs exactly one bundle (a folder or a .zip)");
  const bundle = positionals[0]!;
  const progress = new Progress();

  const t0 = performance.now();
  const model = await readBundle(bundle, {
    onProgress: (p) =>
      progress.update(`Reading ${p.file}: ${formatBytes(p.bytes)} of ${formatBytes(p.totalBytes)}`),
  });
  const t1 = performance.now();
  const result = calculate(model, {
    onProgress: (p) => progress.update(`Step ${p.step}: ${p.message} (${Math.round(p.fraction * 100)}%)`),
  });
  const t2 = performance.now();
  progress.done();

  process.stdout.write(`${formatResults(model, result, { readMs: t1 - t0, calcMs: t2 - t1 })}\n`);
  const jsonPath = options.get("json");
  if (jsonPath) {
    progress.update("Writing the results summary");
    // Streamed from the result: at benchmark size L the text passes V8's largest string.
    await writeFileStream(jsonPath, (stream) => writeSummaryJson(model, result, stream));
    progress.done();
    process.stdout.write(`\nResults summary written to ${jsonPath}\n`);
  }
  return result.checks.every((c) => c.ok) ? 0 : 1;
}
