import type { ReportLine, ReportLineCategory } from "@costflow/contract/report-lines";
import type { ReportLineRow } from "@costflow/db/repositories/report-lines";
import { parseFormula } from "@costflow/engine/formula/parse";

// The P&L structure as a tree (display order, levels) and as a graph of references (a FOR line
// reads the lines its formula names; an aggregation line reads its children), whose cycles are
// validation errors.

const byRankThenCode = (a: ReportLineRow, b: ReportLineRow) =>
  a.rank - b.rank || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) || a.id - b.id;

/** Lines in tree order: each parent before its children, siblings by rank; with their depth. */
export function treeOrder(lines: ReportLineRow[]): { line: ReportLineRow; level: number }[] {
  const ids = new Set(lines.map((l) => l.id));
  const children = new Map<number | null, ReportLineRow[]>();
  for (const line of lines) {
    const parent = line.parentId !== null && ids.has(line.parentId) ? line.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), line]);
  }
  const out: { line: ReportLineRow; level: number }[] = [];
  const visit = (parent: number | null, level: number) => {
    for (const line of (children.get(parent) ?? []).sort(byRankThenCode)) {
      out.push({ line, level });
      visit(line.id, level + 1);
    }
  };
  visit(null, 0);
  return out;
}

export function toReportLine(row: ReportLineRow, level: number): ReportLine {
  return {
    id: row.id,
    model: row.modelId,
    code: row.code,
    description: row.description,
    category: row.category as ReportLineCategory,
    formula: row.formula,
    factor: row.factor === -1 ? -1 : 1,
    activity: row.activityId,
    activity_name: row.activityName,
    calculated_driver_id: row.calculatedDriverId,
    calculated_driver_name: row.calculatedDriverName,
    dimension: row.dimensionId,
    dimension_name: row.dimensionName,
    parent: row.parentId,
    rank: row.rank,
    level,
  };
}

/** Names a FOR formula reads (none when it does not parse: such a formula is refused on save). */
export function formulaReferences(formula: string): string[] {
  try {
    return [...new Set(parseFormula(formula).references.map((r) => r.name))];
  } catch {
    return [];
  }
}

interface GraphLine {
  id: number;
  code: string;
  category: string;
  formula: string;
  parentId: number | null;
}

/**
 * A cycle of references through line `start`, as the codes along it (start first and last), or
 * null. `via` tells whether the cycle leaves `start` through its formula or its children, and
 * whether it comes back through its parent (an aggregation summing it).
 */
interface ReferenceCycle {
  codes: string[];
  leavesByFormula: boolean;
  returnsByParent: boolean;
}

export function referenceCycle(lines: GraphLine[], start: number): ReferenceCycle | null {
  const byCode = new Map(lines.map((l) => [l.code, l]));
  const byId = new Map(lines.map((l) => [l.id, l]));
  const reads = (line: GraphLine): { to: GraphLine; byFormula: boolean }[] => {
    if (line.category === "FOR") {
      return formulaReferences(line.formula).flatMap((name) => {
        const to = byCode.get(name);
        return to ? [{ to, byFormula: true }] : [];
      });
    }
    if (line.category === "AGG") {
      return lines.filter((l) => l.parentId === line.id).map((to) => ({ to, byFormula: false }));
    }
    return [];
  };
  const first = byId.get(start);
  if (!first) return null;
  const seen = new Set<number>();
  const walk = (at: GraphLine, path: GraphLine[], firstByFormula: boolean): ReferenceCycle | null => {
    for (const { to, byFormula } of reads(at)) {
      const leaves = path.length === 1 ? byFormula : firstByFormula;
      if (to.id === start) {
        const returnsByParent = !byFormula && at.id === first.parentId;
        return { codes: [...path, to].map((l) => l.code), leavesByFormula: leaves, returnsByParent };
      }
      if (seen.has(to.id)) continue;
      seen.add(to.id);
      const found = walk(to, [...path, to], leaves);
      if (found) return found;
    }
    return null;
  };
  return walk(first, [first], false);
}
