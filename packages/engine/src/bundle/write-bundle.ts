// Writes ModelData as a model bundle (model-bundle.md), to a folder or a .zip. Reading the result
// with readBundle gives an equal model. Records files are produced in ~1 MB pieces with
// backpressure; nothing holds a whole file as one string.

import type { DimensionDriver, DimensionRecords, ModelData, PushSplit } from "../model/types.ts";
import { type BundleTarget, type FileSink, folderTarget, zipTarget } from "./bundle-target.ts";
import { csvBoolean, csvNumber, csvText } from "./csv-format.ts";

const FLUSH_AT = 1 << 20;

/** Collects lines of one file and hands them to the sink in ~1 MB pieces. */
class CsvOut {
  private buffer = "";

  constructor(private readonly sink: FileSink) {}

  async line(cells: string): Promise<void> {
    this.buffer += `${cells}\n`;
    if (this.buffer.length >= FLUSH_AT) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer === "") return;
    const text = this.buffer;
    this.buffer = "";
    await this.sink.write(text);
  }

  async end(): Promise<void> {
    await this.flush();
    await this.sink.end();
  }
}

export async function writeBundle(model: ModelData, dir: string): Promise<void> {
  await writeTo(model, await folderTarget(dir));
}

export async function writeBundleZip(model: ModelData, zipPath: string): Promise<void> {
  await writeTo(model, await zipTarget(zipPath));
}

async function writeTo(model: ModelData, target: BundleTarget): Promise<void> {
  // File order is the order of the entries in a .zip: keep it.
  await writeModelJson(model, target);
  await writeMasterTables(model, target);
  await writeRuleTables(model.rules, target);
  await writePnlLines(model, target);
  for (const records of model.records.values()) await writeRecords(model, records, target);
  await target.close();
}

async function writeJson(target: BundleTarget, path: string, value: unknown): Promise<void> {
  const sink = await target.open(path);
  await sink.write(`${JSON.stringify(value, null, 2)}\n`);
  await sink.end();
}

/** Writes a small table; absent when it has no rows (a bundle may omit what it does not use). */
async function writeTable<T>(
  target: BundleTarget,
  path: string,
  header: string[],
  rows: readonly T[],
  cells: (row: T) => (string | null)[],
): Promise<void> {
  if (rows.length === 0) return;
  const out = new CsvOut(await target.open(path));
  await out.line(header.join(","));
  for (const row of rows) await out.line(cells(row).map(csvText).join(","));
  await out.end();
}

/** model.json and settings.json. */
async function writeModelJson(model: ModelData, target: BundleTarget): Promise<void> {
  const { info } = model;
  await writeJson(target, "model.json", {
    name: info.name,
    short_description: info.shortDescription,
    scenario: {
      name: info.scenario.name,
      description: info.scenario.description,
      currency: info.scenario.currency,
      period_from: info.scenario.periodFrom,
      period_to: info.scenario.periodTo,
    },
  });
  const settings: Record<string, string> = { step2_strategy: model.settings.step2Strategy };
  if (model.settings.profitLine !== null) settings.profit_line = model.settings.profitLine;
  await writeJson(target, "settings.json", settings);
}

/** Accounts, pools, activities, dimensions and their drivers. */
async function writeMasterTables(model: ModelData, target: BundleTarget): Promise<void> {
  const n = csvNumber;
  await writeTable(target, "accounts.csv", ["account_code", "name", "expense_group"], model.accounts, (a) => [
    a.code,
    a.name,
    a.expenseGroup,
  ]);
  await writeTable(target, "account_values.csv", ["account_code", "amount"], model.accountValues, (v) => [
    v.account,
    n(v.amount),
  ]);
  await writeTable(target, "cost_pools.csv", ["pool_code", "name", "is_direct"], model.pools, (p) => [
    p.code,
    p.name,
    csvBoolean(p.isDirect),
  ]);
  await writeTable(target, "pool_drivers.csv", ["driver_name", "is_tdabc"], model.poolDrivers, (d) => [
    d.name,
    csvBoolean(d.isTdabc),
  ]);
  await writeTable(
    target,
    "pool_driver_values.csv",
    ["driver_name", "pool_code", "value"],
    model.poolDriverValues,
    (v) => [v.driver, v.pool, n(v.value)],
  );
  await writeTable(
    target,
    "activities.csv",
    ["activity_code", "name", "pool_code", "is_tdabc"],
    model.activities,
    (a) => [a.code, a.name, a.pool, csvBoolean(a.isTdabc)],
  );
  await writeTable(
    target,
    "dimensions.csv",
    ["dimension_code", "name", "parent_dimension_code"],
    model.dimensions,
    (d) => [d.code, d.name, d.parent],
  );
  await writeTable(
    target,
    "dimension_drivers.csv",
    ["dimension_code", "driver_name", "data_type"],
    model.dimensionDrivers,
    (d) => [d.dimension, d.name, d.dataType],
  );
  await writeTable(
    target,
    "calculated_drivers.csv",
    ["dimension_code", "name", "formula", "is_pnl_line"],
    model.calculatedDrivers,
    (c) => [c.dimension, c.name, c.formula, csvBoolean(c.isPnlLine)],
  );
}

async function writeRuleTables(rules: ModelData["rules"], target: BundleTarget): Promise<void> {
  const n = csvNumber;
  await writeTable(
    target,
    "rules_step1.csv",
    ["account_code", "pool_code", "type", "percentage", "driver_name"],
    rules.step1,
    (r) => [r.account, r.pool, r.type, n(r.percentage), r.driver],
  );
  await writeTable(
    target,
    "rules_step2.csv",
    ["source_pool_code", "destination_pool_code", "type", "percentage", "driver_name"],
    rules.step2,
    (r) => [r.source, r.destination, r.type, n(r.percentage), r.driver],
  );
  await writeTable(
    target,
    "rules_step3.csv",
    ["pool_code", "activity_code", "percentage", "unit_minutes"],
    rules.step3,
    (r) => [r.pool, r.activity, n(r.percentage), n(r.unitMinutes)],
  );
  await writeTable(
    target,
    "rules_step4.csv",
    ["activity_code", "dimension_code", "split_type", "driver_name", "equation"],
    rules.step4,
    (r) => [r.activity, r.dimension, r.splitType, r.driver, r.equation],
  );
  await writeTable(
    target,
    "rules_step5.csv",
    ["activity_code", "parent_dimension_code", "child_dimension_code", "split"],
    rules.step5,
    (r) => [r.activity, r.parentDimension, r.childDimension, splitText(r.split)],
  );
  await writeTable(
    target,
    "rules_step6.csv",
    ["calculated_driver", "parent_dimension_code", "child_dimension_code", "split"],
    rules.step6,
    (r) => [r.calculatedDriver, r.parentDimension, r.childDimension, splitText(r.split)],
  );
}

async function writePnlLines(model: ModelData, target: BundleTarget): Promise<void> {
  const n = csvNumber;
  await writeTable(
    target,
    "pnl_lines.csv",
    [
      "code",
      "description",
      "category",
      "activity_code",
      "calculated_driver",
      "dimension_code",
      "formula",
      "factor",
      "parent_code",
      "rank",
    ],
    model.pnlLines,
    (l) => [
      l.code,
      l.description,
      l.category,
      l.activity,
      l.calculatedDriver,
      l.dimension,
      l.formula,
      n(l.factor),
      l.parent,
      n(l.rank),
    ],
  );
}

function splitText(split: PushSplit): string {
  switch (split.kind) {
    case "NOT_ALLOCATE":
    case "EVEN":
      return split.kind;
    case "DRIVER":
      return `DRIVER:${split.driver}`;
    case "FORMULA":
      return split.formula;
  }
}

async function writeRecords(
  model: ModelData,
  records: DimensionRecords,
  target: BundleTarget,
): Promise<void> {
  const drivers = model.dimensionDrivers.filter((d) => d.dimension === records.dimension);
  // One cell writer per column, chosen once, so the per-row loop does no lookups.
  const cellWriters = drivers.map((d) => cellWriter(model, records, d));
  const out = new CsvOut(await target.open(`records/${records.dimension}.csv`));
  await out.line(["identifier", ...drivers.map((d) => d.name)].map(csvText).join(","));
  const ids = records.identifiers;
  for (let row = 0; row < ids.length; row++) {
    let line = csvText(ids[row]!);
    for (const w of cellWriters) line += `,${w(row)}`;
    await out.line(line);
  }
  await out.end();
}

function cellWriter(
  model: ModelData,
  records: DimensionRecords,
  d: DimensionDriver,
): (row: number) => string {
  switch (d.dataType) {
    case "DECIMAL": {
      const col = records.decimals.get(d.name);
      return col ? (row) => csvNumber(col[row]!) : () => "";
    }
    case "TEXT":
    case "DATE": {
      const col = records.texts.get(d.name);
      return (row) => csvText(col?.[row] ?? null);
    }
    case "DIMENSION": {
      const rel = records.relations.get(d.name);
      if (!rel) return () => "";
      const targetIds = model.records.get(rel.target)?.identifiers ?? [];
      const dangling = new Map(rel.dangling.map((x) => [x.row, x.value]));
      return (row) => {
        const i = rel.index[row]!;
        if (i >= 0) return csvText(targetIds[i]!);
        return i === -2 ? csvText(dangling.get(row) ?? "") : "";
      };
    }
  }
}
