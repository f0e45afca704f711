// P&L structure: lines with categories ACT, DRI, FOR, AGG; parents must be AGG lines; references
// between lines (parents and FOR formulas) must not form a cycle.

import { parseFormula } from "../formula/parse.ts";
import type { CalculatedDriver, PnlCategory, PnlLine } from "../model/types.ts";
import { checkRef, type ReadContext, spec, tableOf, UniqueKeys } from "./read-context.ts";
import { checkFormulaCell, reportCycles } from "./read-dimensions.ts";
import type { MasterData } from "./read-master-data.ts";
import type { Row, Table } from "./read-table.ts";

const CATEGORIES: readonly PnlCategory[] = ["ACT", "DRI", "FOR", "AGG"];

export async function readPnl(
  ctx: ReadContext,
  master: MasterData,
  calculated: CalculatedDriver[],
  dimensions: Set<string>,
): Promise<PnlLine[]> {
  const table = await tableOf(
    ctx,
    "pnl_lines.csv",
    spec(
      "code",
      "description?",
      "category",
      "activity_code?",
      "calculated_driver?",
      "dimension_code?",
      "formula?",
      "factor?",
      "parent_code?",
      "rank?",
    ),
  );
  if (!table) return [];
  const activities = new Set(master.activities.map((a) => a.code));
  const unique = new UniqueKeys(table, "line code");
  const lines: { line: PnlLine; row: Row }[] = [];
  for (const [index, row] of table.rows.entries()) {
    const code = table.required(row, 0);
    const category = table.oneOf(row, 2, CATEGORIES);
    const factor = table.number(row, 7, 1);
    const rank = table.number(row, 9, index + 1);
    if (code === null || !unique.add(code, row, 0) || category === null || factor === null || rank === null)
      continue;
    if (factor !== 1 && factor !== -1) {
      table.issue(row, 7, "invalid_value", `factor must be 1 or -1, not ${factor}`);
      continue;
    }
    const line: PnlLine = {
      code,
      description: table.text(row, 1),
      category,
      activity: null,
      calculatedDriver: null,
      dimension: null,
      formula: null,
      factor,
      parent: table.text(row, 8) || null,
      rank,
    };
    if (category === "ACT") {
      line.activity = table.required(row, 3);
      if (!checkRef(table, row, 3, line.activity, activities, "activity")) continue;
    } else if (category === "DRI") {
      if (!checkDriLine(table, row, line, calculated, dimensions)) continue;
    } else if (category === "FOR") {
      line.formula = table.required(row, 6);
      if (line.formula === null) continue;
    }
    lines.push({ line, row });
  }

  return checkLineReferences(table, lines);
}

/** The cells of a DRI line: one calculated driver (in the named dimension, if any) that is a P&L line. */
function checkDriLine(
  table: Table,
  row: Row,
  line: PnlLine,
  calculated: CalculatedDriver[],
  dimensions: Set<string>,
): boolean {
  line.calculatedDriver = table.required(row, 4);
  line.dimension = table.text(row, 5) || null;
  if (line.calculatedDriver === null) return false;
  if (line.dimension !== null && !checkRef(table, row, 5, line.dimension, dimensions, "dimension"))
    return false;
  const matches = calculated.filter(
    (c) => c.name === line.calculatedDriver && (line.dimension === null || c.dimension === line.dimension),
  );
  if (matches.length === 0) {
    table.issue(row, 4, "unknown_reference", `Unknown calculated driver "${line.calculatedDriver}"`);
    return false;
  }
  if (matches.length > 1) {
    table.issue(row, 5, "required", `"${line.calculatedDriver}" exists in several dimensions: name one`);
    return false;
  }
  if (!matches[0]!.isPnlLine) {
    table.issue(row, 4, "invalid_value", `Calculated driver "${line.calculatedDriver}" is not a P&L line`);
    return false;
  }
  return true;
}

/**
 * Lines whose parent is an AGG line and whose formula parses over line codes; the references
 * between lines (parents and formulas) must not form a cycle.
 */
function checkLineReferences(table: Table, lines: { line: PnlLine; row: Row }[]): PnlLine[] {
  const codes = new Set(lines.map((l) => l.line.code));
  const byCode = new Map(lines.map((l) => [l.line.code, l.line]));
  const edges: { from: string; to: string; row: Row }[] = [];
  const ok: PnlLine[] = [];
  for (const { line, row } of lines) {
    let good = true;
    if (line.parent !== null) {
      if (!checkRef(table, row, 8, line.parent, codes, "P&L line")) good = false;
      else if (byCode.get(line.parent)!.category !== "AGG") {
        table.issue(row, 8, "invalid_value", `Parent line ${line.parent} is not an AGG line`);
        good = false;
      } else edges.push({ from: line.parent, to: line.code, row });
    }
    if (line.formula !== null) {
      if (!checkFormulaCell(table, row, 6, line.formula, [...codes])) good = false;
      else {
        for (const ref of parseFormula(line.formula).references)
          edges.push({ from: line.code, to: ref.name, row });
      }
    }
    if (good) ok.push(line);
  }
  reportCycles(table, 0, edges, "P&L line references");
  return ok;
}
