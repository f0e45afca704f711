import {
  DEFAULT_REPORT_LINE_FORMULA,
  type ReportLine,
  type ReportLineCategory,
} from "@costflow/contract/report-lines";
import type { Transaction } from "@costflow/db/client";
import type { ReportLineRow } from "@costflow/db/repositories/report-lines";
import type { AppContext } from "../../context.ts";
import { AppError, fieldError, notFound } from "../../lib/app-error.ts";
import { checkFormulaInto, isEmptyFormula } from "../allocation/formula-problems.ts";
import { Problems } from "../allocation/problems.ts";
import { formulaReferences, referenceCycle, toReportLine, treeOrder } from "./line-tree.ts";

// Saving a P&L line: formula only for FOR (checked against the model's line codes), activity only
// for ACT, calculated driver — and its dimension — only for DRI; a parent of 0 is none. References
// (FOR formulas, aggregations summing children) and parents must not form a cycle.

interface LineInput {
  model?: number | undefined;
  code: string;
  description: string;
  category: ReportLineCategory;
  formula?: string | null | undefined;
  factor: 1 | -1;
  activity?: number | null | undefined;
  calculated_driver_id?: number | null | undefined;
  dimension?: number | null | undefined;
  parent?: number | null | undefined;
  rank?: number | undefined;
}

export async function saveReportLine(
  ctx: AppContext,
  companyId: number,
  input: LineInput,
  id?: number,
): Promise<ReportLine> {
  const savedId = await ctx.db.transaction(async (tx) => {
    const existing = id === undefined ? undefined : await ctx.repos.reportLines.findLine(companyId, id, tx);
    if (id !== undefined && !existing) throw notFound();
    if (existing && input.model !== undefined && input.model !== existing.modelId) {
      throw fieldError("VALIDATION_ERROR", "model", "invalid_value");
    }
    const modelId = existing?.modelId ?? input.model!;
    if (!(await ctx.repos.reportLines.lockModel(companyId, modelId, tx))) throw notFound("model");
    const all = await ctx.repos.reportLines.listLines(companyId, modelId, tx);
    const others = all.filter((l) => l.id !== id);
    const problems = new Problems();
    const { category, code } = input;

    checkCode(others, existing, code, problems);
    const formula = checkedFormula(input, others, problems);

    const activityId = await checkActivity(ctx, companyId, modelId, input, problems, tx);
    const driver = await checkDriver(ctx, companyId, modelId, input, problems, tx);
    const parentId = await checkParent(ctx, companyId, all, input, id, problems, tx);

    const siblings = others.filter((l) => l.parentId === parentId);
    const rank =
      input.rank ??
      (existing && existing.parentId === parentId
        ? existing.rank
        : Math.max(-1, ...siblings.map((l) => l.rank)) + 1);

    const values = {
      code,
      description: input.description,
      category,
      activityId,
      calculatedDriverId: driver?.id ?? null,
      dimensionId: driver?.dimensionId ?? null,
      formula,
      factor: input.factor,
      parentId,
      rank,
    };
    if (!problems.has("formula") && !problems.has("parent"))
      checkCycle(others, { id: id ?? 0, ...values }, existing, problems);
    problems.throwIfAny();

    if (id === undefined) return ctx.repos.reportLines.insertLine(companyId, modelId, values, tx);
    await ctx.repos.reportLines.updateLine(companyId, id, values, tx);
    if (existing && existing.code !== code) {
      await ctx.repos.allocationRules.renameProfitLine(companyId, modelId, existing.code, code, tx);
    }
    return id;
  });
  return readReportLine(ctx, companyId, savedId);
}

/** The code must be free in the model, and a renamed line's code not read by another's formula. */
function checkCode(
  others: ReportLineRow[],
  existing: ReportLineRow | undefined,
  code: string,
  problems: Problems,
): void {
  if (others.some((l) => l.code === code)) problems.add("code", "taken");
  if (existing && existing.code !== code) {
    const readers = others.filter(
      (l) => l.category === "FOR" && formulaReferences(l.formula).includes(existing.code),
    );
    if (readers.length > 0) problems.add("code", "in_use", { items: readers.map((l) => l.code).join(", ") });
  }
}

/** A FOR line's formula, checked against the model's line codes; the default for the others. */
function checkedFormula(input: LineInput, others: ReportLineRow[], problems: Problems): string {
  let formula = DEFAULT_REPORT_LINE_FORMULA;
  if (input.category === "FOR") {
    formula = (input.formula ?? DEFAULT_REPORT_LINE_FORMULA).trim();
    // Its own code is known too, so that naming itself is reported as the cycle it is.
    checkFormulaInto(problems, "formula", formula, [...others.map((l) => l.code), input.code]);
  } else if (input.formula != null && !isEmptyFormula(input.formula)) {
    problems.add("formula", "not_applicable");
  }
  return formula;
}

/** References and parents with the saved line must not form a cycle; the field to blame. */
function checkCycle(
  others: ReportLineRow[],
  self: Parameters<typeof referenceCycle>[0][number],
  existing: ReportLineRow | undefined,
  problems: Problems,
): void {
  const cycle = referenceCycle([...others, self], self.id);
  if (cycle) {
    const field =
      cycle.returnsByParent && self.parentId !== existing?.parentId
        ? "parent"
        : cycle.leavesByFormula
          ? "formula"
          : "category";
    problems.add(field, "cycle", { path: cycle.codes.join(" → ") });
  }
}

async function checkActivity(
  ctx: AppContext,
  companyId: number,
  modelId: number,
  input: LineInput,
  problems: Problems,
  tx: Transaction,
): Promise<number | null> {
  if (input.category !== "ACT") {
    if (input.activity != null) problems.add("activity", "not_applicable");
    return null;
  }
  if (input.activity == null) {
    problems.add("activity", "required");
    return null;
  }
  const activity = await ctx.repos.allocationRules.findActivity(companyId, input.activity, tx);
  if (!activity) throw notFound("activity");
  problems.inModel("activity", activity, modelId);
  return activity.id;
}

async function checkDriver(
  ctx: AppContext,
  companyId: number,
  modelId: number,
  input: LineInput,
  problems: Problems,
  tx: Transaction,
): Promise<{ id: number; dimensionId: number } | null> {
  if (input.category !== "DRI") {
    if (input.calculated_driver_id != null) problems.add("calculated_driver_id", "not_applicable");
    if (input.dimension != null) problems.add("dimension", "not_applicable");
    return null;
  }
  if (input.calculated_driver_id == null) {
    problems.add("calculated_driver_id", "required");
    return null;
  }
  const driver = await ctx.repos.allocationRules.findCalculatedDriver(
    companyId,
    input.calculated_driver_id,
    tx,
  );
  if (!driver) throw notFound("calculated_driver_id");
  if (problems.inModel("calculated_driver_id", driver, modelId) && !driver.isPnlLine) {
    problems.add("calculated_driver_id", "not_pnl_driver");
  }
  // The dimension is the driver's: a client may echo it, not choose another.
  if (input.dimension != null && input.dimension !== driver.dimensionId)
    problems.add("dimension", "invalid_value");
  return driver;
}

async function checkParent(
  ctx: AppContext,
  companyId: number,
  all: ReportLineRow[],
  input: LineInput,
  id: number | undefined,
  problems: Problems,
  tx: Transaction,
): Promise<number | null> {
  const wanted = input.parent ?? null;
  if (wanted === null || wanted === 0) return null;
  const byId = new Map(all.map((l) => [l.id, l]));
  if (!byId.has(wanted)) {
    if (!(await ctx.repos.reportLines.findLine(companyId, wanted, tx))) throw notFound("parent");
    problems.add("parent", "not_in_model");
    return null;
  }
  // The new parent must not be the line itself or one of its descendants.
  const chain: string[] = [];
  for (let at = byId.get(wanted); at; at = at.parentId === null ? undefined : byId.get(at.parentId)) {
    chain.push(at.code);
    if (at.id === id) {
      problems.add("parent", "cycle", { path: [input.code, ...chain].join(" → ") });
      break;
    }
    if (chain.length > all.length) break;
  }
  return wanted;
}

/** Deletes a line unless a FOR formula reads it; its children move up to its parent. */
export async function deleteReportLine(ctx: AppContext, companyId: number, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const line = await ctx.repos.reportLines.findLine(companyId, id, tx);
    if (!line) throw notFound();
    await ctx.repos.reportLines.lockModel(companyId, line.modelId, tx);
    const readers = (await ctx.repos.reportLines.listLines(companyId, line.modelId, tx)).filter(
      (l) => l.id !== id && l.category === "FOR" && formulaReferences(l.formula).includes(line.code),
    );
    if (readers.length > 0) {
      throw new AppError("CONFLICT", [
        { field: "id", reason: "in_use", values: { items: readers.map((l) => l.code).join(", ") } },
      ]);
    }
    await ctx.repos.reportLines.deleteLine(companyId, id, line.parentId, tx);
    await ctx.repos.allocationRules.renameProfitLine(companyId, line.modelId, line.code, null, tx);
  });
}

/** One line with its depth in the tree. */
export async function readReportLine(ctx: AppContext, companyId: number, id: number): Promise<ReportLine> {
  const line = await ctx.repos.reportLines.findLine(companyId, id);
  if (!line) throw notFound();
  const placed = treeOrder(await ctx.repos.reportLines.listLines(companyId, line.modelId)).find(
    (p) => p.line.id === id,
  );
  return toReportLine(line, placed?.level ?? 0);
}
