// Block-wise formula evaluation (calc/column-formula.ts) against the per-record closure of
// formula/compile.ts: bit-identical values on random formulas and columns (missing values, zeros,
// negatives, ties in comparisons), and the same first failing row and error on divisions by zero.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ColumnFormula } from "../../src/calc/column-formula.ts";
import type { BinaryOp, FormulaNode, FunctionName } from "../../src/formula/ast.ts";
import { compileFormula, FormulaError } from "../../src/formula/compile.ts";
import { printFormula } from "../formula/print-formula.ts";

const NAMES = ["qty", "price", "rush", "w"];
const slotOf = (n: string): number | undefined => {
  const i = NAMES.indexOf(n);
  return i < 0 ? undefined : i;
};

const numberLeaf = fc
  .tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 4 }))
  .map(([n, d]): FormulaNode => ({ kind: "number", pos: 0, value: n / 10 ** d }));
const nameLeaf = fc.constantFrom(...NAMES).map((name): FormulaNode => ({ kind: "name", pos: 0, name }));
const ops: BinaryOp[] = ["+", "-", "*", "/", "<", "<=", ">", ">=", "=", "<>"];
const levelOf = (op: BinaryOp): number => (["+", "-"].includes(op) ? 2 : ["*", "/"].includes(op) ? 3 : 1);

const { tree } = fc.letrec<{ tree: FormulaNode }>((tie) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    numberLeaf,
    nameLeaf,
    tie("tree").map((operand): FormulaNode => ({ kind: "negate", pos: 0, operand })),
    fc
      .tuple(fc.constantFrom(...ops), tie("tree"), fc.array(tie("tree"), { minLength: 1, maxLength: 20 }))
      .map(([op, first, rest]): FormulaNode => {
        const level = ops.filter((o) => levelOf(o) === levelOf(op));
        return {
          kind: "chain",
          pos: 0,
          first,
          rest: rest.map((operand, i) => ({ op: level[i % level.length]!, pos: 0, operand })),
        };
      }),
    fc
      .tuple(
        fc.constantFrom<FunctionName>("IF", "MIN", "MAX", "ABS", "ROUND"),
        fc.array(tie("tree"), { minLength: 3, maxLength: 4 }),
      )
      .map(([fn, args]): FormulaNode => {
        const n = fn === "IF" ? 3 : fn === "ABS" ? 1 : fn === "ROUND" ? 2 : args.length;
        return { kind: "call", pos: 0, fn, args: args.slice(0, n) };
      }),
  ),
}));

const cell = fc.oneof(
  { weight: 1, arbitrary: fc.constant(Number.NaN) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0) },
  { weight: 6, arbitrary: fc.integer({ min: -1000, max: 1000 }).map((n) => n / 4) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 1000 }).map((n) => n / 7) },
);

interface Outcome {
  values: number[];
  failedAt: number;
  code: string | null;
  position: number | null;
}

/** Per-record reference: the closure on every row; stops at the first error. */
function byClosure(source: string, columns: Float64Array[], n: number): Outcome {
  const f = compileFormula(source, slotOf);
  const values: number[] = [];
  for (let r = 0; r < n; r++) {
    try {
      values.push(f.evaluate(columns, r));
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      return { values, failedAt: r, code: error.code, position: error.position };
    }
  }
  return { values, failedAt: n, code: null, position: null };
}

function byBlocks(source: string, columns: Float64Array[], n: number): Outcome {
  const f = new ColumnFormula(source, slotOf);
  const out = new Float64Array(n);
  const failedAt = f.fill(columns, 0, n, out);
  const error = failedAt < n ? (f.error as FormulaError) : null;
  return {
    values: Array.from(out.subarray(0, failedAt)),
    failedAt,
    code: error?.code ?? null,
    position: error?.position ?? null,
  };
}

/** Equal with -0 and NaN told apart from 0 (bit-identical doubles). */
function expectSame(a: Outcome, b: Outcome) {
  expect(b.failedAt).toBe(a.failedAt);
  expect(b.code).toBe(a.code);
  expect(b.position).toBe(a.position);
  expect(b.values.length).toBe(a.values.length);
  for (let i = 0; i < a.values.length; i++) {
    if (!Object.is(a.values[i], b.values[i])) expect([i, b.values[i]]).toEqual([i, a.values[i]]);
  }
}

describe("block-wise formula evaluation", () => {
  it("equals the closure on random formulas and records, errors included", () => {
    fc.assert(
      fc.property(tree, fc.integer({ min: 1, max: 5000 }), fc.integer(), (ast, n, seed) => {
        const source = printFormula(ast);
        // Columns from a cheap deterministic generator (fast-check arrays of 5000 cells are slow).
        let s = seed >>> 0;
        const pick = [Number.NaN, 0, -0, 1, -1, 2.5, 0.25, 3, 1 / 7, -0.75, 1000];
        const columns = NAMES.map(() =>
          Float64Array.from({ length: n }, () => {
            s = (s * 1103515245 + 12345) >>> 0;
            return pick[s % pick.length]!;
          }),
        );
        expectSame(byClosure(source, columns, n), byBlocks(source, columns, n));
      }),
      { numRuns: 1500 },
    );
  });

  it("equals the closure on single records of random cells", () => {
    fc.assert(
      fc.property(
        tree,
        fc.array(cell, { minLength: NAMES.length, maxLength: NAMES.length }),
        (ast, cells) => {
          const source = printFormula(ast);
          const columns = cells.map((v) => Float64Array.of(v));
          expectSame(byClosure(source, columns, 1), byBlocks(source, columns, 1));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("a guarded division fails only on rows that take the dividing branch", () => {
    const n = 10_000;
    const qty = Float64Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 0 : i));
    const price = Float64Array.from({ length: n }, (_, i) => i / 4);
    const columns = [qty, price, new Float64Array(n), new Float64Array(n)];
    const guarded = "=IF(qty=0, 0, price/qty)*2+ROUND(price,1)";
    expectSame(byClosure(guarded, columns, n), byBlocks(guarded, columns, n));
    expect(byBlocks(guarded, columns, n).failedAt).toBe(n);
    const unguarded = "=price/qty";
    qty[0] = 1;
    const blocks = byBlocks(unguarded, columns, n);
    expect(blocks.failedAt).toBe(3);
    expect(blocks.code).toBe("division_by_zero");
    expectSame(byClosure(unguarded, columns, n), blocks);
  });

  it("constant formulas and constant divisions by zero", () => {
    const columns = NAMES.map(() => Float64Array.of(1, 2, 3));
    for (const source of [
      "=5",
      "=2*3+1",
      "=IF(1>0, qty, 1/0)",
      "=2/0+qty",
      "=MAX(1, 2, 3)",
      "=-(4)",
      "=qty",
    ]) {
      expectSame(byClosure(source, columns, 3), byBlocks(source, columns, 3));
    }
  });
});
