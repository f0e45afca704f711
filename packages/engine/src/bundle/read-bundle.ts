// Reads a model bundle (folder or .zip; model-bundle.md) into ModelData. Small files are read into
// rows and checked (types, unique codes, references) with file, line and column for every issue;
// records files are streamed into typed columns, targets of relationship drivers first so that
// relationship cells resolve straight to row indexes. Issues are collected up to a cap and thrown
// together as one BundleError.

import type { DimensionRecords, ModelData } from "../model/types.ts";
import { BundleError, IssueCapReached, IssueCollector } from "./bundle-error.ts";
import { type BundleSource, openBundleSource } from "./bundle-source.ts";
import { RecordTooLongError } from "./csv-scanner.ts";
import { IdentifierIndex } from "./identifier-index.ts";
import type { ReadContext, ReadProgress } from "./read-context.ts";
import { readDimensions } from "./read-dimensions.ts";
import { readModelJson, readSettingsJson } from "./read-json-files.ts";
import { readMasterData } from "./read-master-data.ts";
import { readPnl } from "./read-pnl.ts";
import { readRecords } from "./read-records.ts";
import { readRules } from "./read-rules.ts";
import { ZipFormatError, type ZipLimits, ZipTooLargeError, ZipUnsafePathError } from "./zip-source.ts";

interface ReadBundleOptions {
  /** Stop after this many issues (default 100). */
  maxErrors?: number;
  /** Called while big records files stream in (about every 8 MB) and when each ends. */
  onProgress?: (progress: ReadProgress) => void;
  /** Inflated-size limits of a .zip bundle; past one, ZipTooLargeError is thrown (not a BundleError). */
  zipLimits?: ZipLimits;
}

const BUNDLE_FILES = [
  "model.json",
  "settings.json",
  "accounts.csv",
  "account_values.csv",
  "cost_pools.csv",
  "pool_drivers.csv",
  "pool_driver_values.csv",
  "activities.csv",
  "dimensions.csv",
  "dimension_drivers.csv",
  "calculated_drivers.csv",
  "rules_step1.csv",
  "rules_step2.csv",
  "rules_step3.csv",
  "rules_step4.csv",
  "rules_step5.csv",
  "rules_step6.csv",
  "pnl_lines.csv",
] as const;

export async function readBundle(path: string, options: ReadBundleOptions = {}): Promise<ModelData> {
  const issues = new IssueCollector(options.maxErrors ?? 100);
  let source: BundleSource;
  try {
    source = await openBundleSource(path, options.zipLimits);
  } catch (error) {
    if (error instanceof ZipTooLargeError) throw error;
    if (error instanceof ZipUnsafePathError) {
      throw new BundleError([
        { code: "unsafe_path", file: error.entry, line: 0, column: 0, message: error.message },
      ]);
    }
    const code = error instanceof ZipFormatError ? "zip" : "io";
    throw new BundleError([{ code, file: path, line: 0, column: 0, message: (error as Error).message }]);
  }
  const ctx: ReadContext = { source, issues };
  if (options.onProgress) ctx.onProgress = options.onProgress;
  try {
    const model = await readAll(ctx);
    issues.throwIfAny();
    return model!;
  } catch (error) {
    if (error instanceof IssueCapReached) throw new BundleError(issues.issues, true);
    // Already reported as a csv_syntax issue naming the file and line.
    if (error instanceof RecordTooLongError) throw new BundleError(issues.issues);
    if (error instanceof ZipFormatError) {
      throw new BundleError([
        ...issues.issues,
        { code: "zip", file: path, line: 0, column: 0, message: error.message },
      ]);
    }
    throw error;
  } finally {
    await source.close();
  }
}

async function readAll(ctx: ReadContext): Promise<ModelData | null> {
  const { source, issues } = ctx;
  const known = new Set<string>(BUNDLE_FILES);
  // A CSV that is not part of the format is most likely a misspelt file name: reject it. Other
  // files (expected.json of an acceptance case, a README) are ignored.
  for (const file of [...source.files.keys()].sort()) {
    if (known.has(file) || !file.endsWith(".csv") || /^records\/[^/]+\.csv$/.test(file)) continue;
    issues.add({ code: "unknown_file", file, line: 0, column: 0, message: "Not a file of a model bundle" });
  }
  const info = await readModelJson(ctx);
  const master = await readMasterData(ctx);
  const before = issues.count;
  const { data: dimData, names } = await readDimensions(ctx);
  const dimensionsOk = issues.count === before;
  const rules = await readRules(ctx, master, dimData, names);
  const dimensionCodes = new Set(dimData.dimensions.map((d) => d.code));
  const pnlLines = await readPnl(ctx, master, dimData.calculatedDrivers, dimensionCodes);
  const settings = await readSettingsJson(ctx, pnlLines);

  const recordFiles = [...source.files.keys()].filter((f) => f.startsWith("records/"));
  for (const file of recordFiles) {
    const dim = file.slice("records/".length, -".csv".length);
    if (!dimensionCodes.has(dim)) {
      issues.add({
        code: "unknown_file",
        file,
        line: 0,
        column: 0,
        message: `No dimension "${dim}" in dimensions.csv`,
      });
    }
  }
  const records = new Map<string, DimensionRecords>();
  // Records only make sense against a sound set of dimensions and drivers; otherwise every row
  // would repeat the same header problem.
  if (dimensionsOk) {
    const targets = new Map<string, IdentifierIndex>();
    const pointedAt = new Set<string>();
    for (const set of names.relations.values()) for (const t of set) pointedAt.add(t);
    for (const dim of dependencyOrder(
      dimData.dimensions.map((d) => d.code),
      names.relations,
    )) {
      const file = `records/${dim}.csv`;
      if (!source.files.has(file)) continue;
      const drivers = dimData.dimensionDrivers.filter((d) => d.dimension === dim);
      const recs = await readRecords(ctx, file, dim, drivers, targets);
      if (!recs) continue;
      records.set(dim, recs);
      if (pointedAt.has(dim)) targets.set(dim, new IdentifierIndex(recs.identifiers));
    }
  }
  if (issues.count > 0 || info === null) return null;
  return {
    info,
    ...master,
    ...dimData,
    records,
    rules,
    pnlLines,
    settings,
  };
}

/** Dimensions ordered so that every relationship target comes before the dimensions pointing at
 *  it (relationship cycles were rejected when reading dimension_drivers.csv). */
function dependencyOrder(codes: string[], relations: Map<string, Set<string>>): string[] {
  const order: string[] = [];
  const done = new Set<string>();
  const visit = (code: string): void => {
    if (done.has(code)) return;
    done.add(code);
    for (const t of relations.get(code) ?? []) visit(t);
    order.push(code);
  };
  for (const code of codes) visit(code);
  return order;
}
