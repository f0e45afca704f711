// `costflow bench generate`: writes the benchmark model as a bundle folder, plus bench.json
// (profile, size and seed; not a bundle file, the reader ignores it) so `bench run` knows the size.

import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { writeBundle } from "../bundle/write-bundle.ts";
import type { ModelData } from "../model/types.ts";
import { BENCH_SIZES, type BenchProfile, type BenchSize, DENSE_SIZES } from "./bench-sizes.ts";
import { generateDenseModel } from "./generate-dense-model.ts";
import { generateModel } from "./generate-model.ts";

export function generateBenchModel(profile: BenchProfile, size: BenchSize, seed: number): ModelData {
  return profile === "dense" ? generateDenseModel(size, seed) : generateModel(size, seed);
}

export async function generateBundle(
  size: BenchSize,
  seed: number,
  out: string,
  profile: BenchProfile = "light",
): Promise<void> {
  await writeBundle(generateBenchModel(profile, size, seed), out);
  // The light profile's bench.json is as it was before profiles existed (same bytes per seed).
  const info =
    profile === "light"
      ? { size, seed, counts: BENCH_SIZES[size] }
      : { profile, size, seed, counts: DENSE_SIZES[size] };
  await writeFile(join(out, "bench.json"), `${JSON.stringify(info, null, 2)}\n`);
}
