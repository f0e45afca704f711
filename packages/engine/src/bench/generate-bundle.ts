// `costflow bench generate`: writes the benchmark model as a bundle folder, plus bench.json
// (size and seed; not a bundle file, the reader ignores it) so `bench run` knows the size.

import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { writeBundle } from "../bundle/write-bundle.ts";
import type { BenchSize } from "./bench-sizes.ts";
import { BENCH_SIZES } from "./bench-sizes.ts";
import { generateModel } from "./generate-model.ts";

export async function generateBundle(size: BenchSize, seed: number, out: string): Promise<void> {
  const model = generateModel(size, seed);
  await writeBundle(model, out);
  await writeFile(
    join(out, "bench.json"),
    `${JSON.stringify({ size, seed, counts: BENCH_SIZES[size] }, null, 2)}\n`,
  );
}
