// Property tests: printed random trees re-parse to formulas that evaluate like the tree; random
// text never makes the compiler throw anything but a FormulaError, and never hangs.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BinaryOp, FormulaNode, FunctionName } from "../../src/formula/ast.ts";
import { compileFormula, FormulaError } from "../../src/formula/compile.ts";
import { roundHalfAway } from "../../src/formula/round-half-away.ts";
import { printFormula } from "./print-formula.ts";

const NAMES = ["qty", "price", "Unit price", "a.b", "_x", "IF", "ümlaut"];
const slotOf = (n: string): number | undefined => {
  const i = NAMES.indexOf(n);
  return i < 0 ? undefined : i;
};

const num = (v: number): number => (v > 0 || v < 0 ? v : 0);

/** Reference interpreter straight over the tree (no folding, no specialisation). */
function interpret(node: FormulaNode, record: number[]): number {
  switch (node.kind) {
    case "number":
      return node.value;
    case "name":
      return num(record[slotOf(node.name)!]!);
    case "negate":
      return -interpret(node.operand, record);
    case "chain": {
      let acc = interpret(node.first, record);
      for (const s of node.rest) acc = applyOp(s.op, acc, interpret(s.operand, record), s.pos);
      return acc;
    }
    case "call": {
      const args = node.args;
      switch (node.fn) {
        case "IF":
          return interpret(args[0]!, record) !== 0
            ? interpret(args[1]!, record)
            : interpret(args[2]!, record);
        case "ABS":
          return Math.abs(interpret(args[0]!, record));
        case "ROUND":
          return roundHalfAway(interpret(args[0]!, record), interpret(args[1]!, record));
        case "MIN":
          return args.map((a) => interpret(a, record)).reduce((m, v) => Math.min(m, v));
        case "MAX":
          return args.map((a) => interpret(a, record)).reduce((m, v) => Math.max(m, v));
      }
    }
  }
}

function applyOp(op: BinaryOp, a: number, b: number, pos: number): number {
  switch (op) {
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
      return a * b;
    case "/":
      if (b === 0) throw new FormulaError("division_by_zero", pos, "");
      return a / b;
    case "<":
      return +(a < b);
    case "<=":
      return +(a <= b);
    case ">":
      return +(a > b);
    case ">=":
      return +(a >= b);
    case "=":
      return +(a === b);
    case "<>":
      return +(a !== b);
  }
}

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
      .tuple(fc.constantFrom(...ops), tie("tree"), fc.array(tie("tree"), { minLength: 1, maxLength: 3 }))
      .map(([op, first, rest]): FormulaNode => {
        // One chain holds operators of a single precedence level, as the parser builds it.
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

const record = fc.array(
  fc.oneof(
    fc.constant(Number.NaN),
    fc.constant(0),
    fc.integer({ min: -1000, max: 1000 }).map((n) => n / 4),
  ),
  { minLength: NAMES.length, maxLength: NAMES.length },
);

function outcome(fn: () => number): { value: number } | { code: string } {
  try {
    const v = fn();
    return { value: v === 0 ? 0 : v };
  } catch (error) {
    if (error instanceof FormulaError) return { code: error.code };
    throw error;
  }
}

describe("formula fuzz", () => {
  it("printed random trees re-parse and evaluate like the tree", () => {
    fc.assert(
      fc.property(tree, record, (ast, values) => {
        const source = printFormula(ast);
        const compiled = compileFormula(source, slotOf);
        const columns = values.map((v) => Float64Array.of(v));
        const expected = outcome(() => interpret(ast, values));
        const actual = outcome(() => compiled.evaluate(columns, 0));
        expect(actual).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  const formulaChars = fc.constantFrom(
    ..."=()[],+-*/<>=.0123456789 abcIFMINMAXROUNDqtyprice_ \t\n$^\"'é".split(""),
  );

  it("random text throws nothing but FormulaError", () => {
    const texts = fc.oneof(
      fc.string({ unit: formulaChars, maxLength: 60 }).map((s) => `=${s}`),
      fc.string({ unit: formulaChars, maxLength: 60 }),
      fc.string({ unit: "binary", maxLength: 40 }),
    );
    fc.assert(
      fc.property(texts, record, (source, values) => {
        const columns = values.map((v) => Float64Array.of(v));
        try {
          const f = compileFormula(source, slotOf);
          const v = f.evaluate(columns, 0);
          expect(typeof v).toBe("number");
        } catch (error) {
          if (!(error instanceof FormulaError)) throw error;
          expect(error.position).toBeGreaterThanOrEqual(0);
          expect(error.position).toBeLessThanOrEqual(source.length);
          expect(error.message).toMatch(/position \d+/);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it("long random inputs finish quickly (no hang, no stack overflow)", () => {
    const long = fc.string({
      unit: fc.constantFrom(..."((((-1+x*)/[]".split("")),
      minLength: 5000,
      maxLength: 20000,
    });
    fc.assert(
      fc.property(long, (s) => {
        try {
          compileFormula(`=${s}`, () => 0);
        } catch (error) {
          if (!(error instanceof FormulaError)) throw error;
        }
      }),
      { numRuns: 50 },
    );
  });
});
