// Dimensions, their drivers (with relationship drivers <PARENT>_ID) and calculated drivers.

import { checkFormula } from "../formula/compile.ts";
import type { CalculatedDriver, DataType, Dimension, DimensionDriver } from "../model/types.ts";
import { checkRef, type ReadContext, spec, tableOf, UniqueKeys } from "./read-context.ts";
import type { Row, Table } from "./read-table.ts";

export interface DimensionData {
  dimensions: Dimension[];
  dimensionDrivers: DimensionDriver[];
  calculatedDrivers: CalculatedDriver[];
}

/** Names usable in formulas, split weights and pushes of each dimension, by dimension code. */
export interface DimensionNames {
  /** DECIMAL drivers. */
  decimals: Map<string, Set<string>>;
  /** Calculated drivers. */
  calculated: Map<string, Set<string>>;
  /** Relationship driver targets: dimension -> set of target dimensions. */
  relations: Map<string, Set<string>>;
}

const DATA_TYPES: readonly DataType[] = ["DECIMAL", "TEXT", "DATE", "DIMENSION"];

export function relationTarget(driverName: string): string | null {
  return driverName.endsWith("_ID") && driverName.length > 3 ? driverName.slice(0, -3) : null;
}

export async function readDimensions(
  ctx: ReadContext,
): Promise<{ data: DimensionData; names: DimensionNames }> {
  const names: DimensionNames = { decimals: new Map(), calculated: new Map(), relations: new Map() };
  const { dimensions, codes } = await readDimensionTable(ctx);
  for (const code of codes) {
    names.decimals.set(code, new Set());
    names.calculated.set(code, new Set());
    names.relations.set(code, new Set());
  }
  const drivers = await readDimensionDrivers(ctx, codes, names);
  const calculatedDrivers = await readCalculatedDrivers(ctx, codes, names, drivers.table);
  return { data: { dimensions, dimensionDrivers: drivers.dimensionDrivers, calculatedDrivers }, names };
}

/** dimensions.csv: codes, and parents that exist and form no cycle. */
async function readDimensionTable(
  ctx: ReadContext,
): Promise<{ dimensions: Dimension[]; codes: Set<string> }> {
  const dims = await tableOf(
    ctx,
    "dimensions.csv",
    spec("dimension_code", "name?", "parent_dimension_code?"),
  );
  const codes = new Set<string>();
  const parentRows: { row: Row; code: string; parent: string }[] = [];
  const dimensions: Dimension[] = [];
  if (!dims) return { dimensions, codes };
  const unique = new UniqueKeys(dims, "dimension_code");
  for (const row of dims.rows) {
    const code = dims.required(row, 0);
    if (code === null || !unique.add(code, row, 0)) continue;
    codes.add(code);
    const parent = dims.text(row, 2);
    if (parent !== "") parentRows.push({ row, code, parent });
    dimensions.push({ code, name: dims.text(row, 1), parent: parent === "" ? null : parent });
  }
  for (const { row, parent } of parentRows) checkRef(dims, row, 2, parent, codes, "dimension");
  reportCycles(
    dims,
    2,
    parentRows.filter((r) => codes.has(r.parent)).map((r) => ({ from: r.code, to: r.parent, row: r.row })),
    "parent dimensions",
  );
  return { dimensions, codes };
}

/**
 * dimension_drivers.csv: adds each dimension's DECIMAL drivers and relationship targets to `names`;
 * relationship drivers must name a dimension and form no cycle.
 */
async function readDimensionDrivers(
  ctx: ReadContext,
  codes: Set<string>,
  names: DimensionNames,
): Promise<{ dimensionDrivers: DimensionDriver[]; table: Table | null }> {
  const drivers = await tableOf(
    ctx,
    "dimension_drivers.csv",
    spec("dimension_code", "driver_name", "data_type"),
  );
  const dimensionDrivers: DimensionDriver[] = [];
  if (!drivers) return { dimensionDrivers, table: drivers };
  const unique = new UniqueKeys(drivers, "driver");
  const edges: { from: string; to: string; row: Row }[] = [];
  for (const row of drivers.rows) {
    const dim = drivers.required(row, 0);
    const name = drivers.required(row, 1);
    const type = drivers.oneOf(row, 2, DATA_TYPES);
    const okDim = checkRef(drivers, row, 0, dim, codes, "dimension");
    if (!okDim || name === null || type === null) continue;
    if (name === "identifier") {
      drivers.issue(row, 1, "invalid_value", `"identifier" is reserved for the records' identifier column`);
      continue;
    }
    if (!unique.add(`${dim}\u0000${name}`, row, 1, `${dim}.${name}`)) continue;
    if (type === "DIMENSION") {
      const target = relationTarget(name);
      if (target === null || !codes.has(target)) {
        drivers.issue(
          row,
          1,
          "unknown_reference",
          target === null
            ? `A DIMENSION driver is named <PARENT_CODE>_ID, not "${name}"`
            : `Relationship driver "${name}" names no dimension "${target}"`,
        );
        continue;
      }
      edges.push({ from: dim!, to: target, row });
      names.relations.get(dim!)!.add(target);
    } else if (type === "DECIMAL") names.decimals.get(dim!)!.add(name);
    dimensionDrivers.push({ dimension: dim!, name, dataType: type });
  }
  reportCycles(drivers, 1, edges, "relationship drivers");
  return { dimensionDrivers, table: drivers };
}

/**
 * calculated_drivers.csv: adds each dimension's calculated drivers to `names`; a name must not be a
 * driver of the dimension already (`drivers`: every row of dimension_drivers.csv, rejected ones too).
 */
async function readCalculatedDrivers(
  ctx: ReadContext,
  codes: Set<string>,
  names: DimensionNames,
  drivers: Table | null,
): Promise<CalculatedDriver[]> {
  const calculated = await tableOf(
    ctx,
    "calculated_drivers.csv",
    spec("dimension_code", "name", "formula", "is_pnl_line?"),
  );
  const calculatedDrivers: CalculatedDriver[] = [];
  if (!calculated) return calculatedDrivers;
  const unique = new UniqueKeys(calculated, "calculated driver");
  for (const row of calculated.rows) {
    const dim = calculated.required(row, 0);
    const name = calculated.required(row, 1);
    const formula = calculated.required(row, 2);
    const isPnlLine = calculated.boolean(row, 3, false);
    if (!checkRef(calculated, row, 0, dim, codes, "dimension") || name === null) continue;
    if (!unique.add(`${dim}\u0000${name}`, row, 1, `${dim}.${name}`)) continue;
    const decimals = names.decimals.get(dim!)!;
    const earlier = names.calculated.get(dim!)!;
    if (decimals.has(name) || drivers?.rows.some((r) => r.values[0] === dim && r.values[1] === name)) {
      calculated.issue(row, 1, "duplicate", `"${name}" is already a driver of ${dim}`);
      continue;
    }
    // A calculated driver may use the dimension's decimal drivers and the calculated drivers
    // defined before it (allocation-semantics.md, fixed choice 8).
    if (formula !== null && !checkFormulaCell(calculated, row, 2, formula, [...decimals, ...earlier]))
      continue;
    if (formula === null || isPnlLine === null) continue;
    earlier.add(name);
    calculatedDrivers.push({ dimension: dim!, name, formula, isPnlLine });
  }
  return calculatedDrivers;
}

/** Checks a formula cell; a formula error becomes an issue quoting the formula's own message. */
export function checkFormulaCell(
  table: Table,
  row: Row,
  col: number,
  formula: string,
  known: readonly string[],
): boolean {
  const check = checkFormula(formula, known);
  if (check.ok) return true;
  table.issue(row, col, "formula", `${check.message} in formula "${formula}"`);
  return false;
}

/** Reports each cycle of `edges` once, on the row of the edge that closes it. */
export function reportCycles(
  table: Table,
  col: number,
  edges: { from: string; to: string; row: Row }[],
  what: string,
): void {
  const out = new Map<string, { to: string; row: Row }[]>();
  for (const e of edges) {
    const list = out.get(e.from);
    if (list) list.push(e);
    else out.set(e.from, [e]);
  }
  const state = new Map<string, 1 | 2>();
  const path: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 1);
    path.push(node);
    for (const e of out.get(node) ?? []) {
      const s = state.get(e.to);
      if (s === 1) {
        const cycle = [...path.slice(path.indexOf(e.to)), e.to];
        table.issue(e.row, col, "cyclic_reference", `Cyclic ${what}: ${cycle.join(" -> ")}`);
      } else if (s === undefined) visit(e.to);
    }
    path.pop();
    state.set(node, 2);
  };
  for (const node of [...out.keys()].sort()) if (!state.has(node)) visit(node);
}
