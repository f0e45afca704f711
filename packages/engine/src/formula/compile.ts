// Compiles a formula once into a closure tree evaluated per record: names are resolved to column
// slots up front, so evaluating a record does no string work, no lookups and no allocation.
// No eval/new Function: a formula can read only the columns it is given.

import type { BinaryOp, FormulaNode } from "./ast.ts";
import { FormulaError } from "./formula-error.ts";
import { parseFormula } from "./parse.ts";
import { roundHalfAway } from "./round-half-away.ts";

export { FormulaError } from "./formula-error.ts";

export interface CompiledFormula {
  source: string;
  /** Distinct names the formula reads, in order of first appearance. */
  names: string[];
  /** Value on row `row`; columns[slot] is the column of the name that `resolve` mapped to slot. */
  evaluate(columns: ArrayLike<number>[], row: number): number;
}

export type FormulaCheck =
  | { ok: true; names: string[] }
  | { ok: false; code: string; position: number; message: string; name?: string };

type Eval = (columns: ArrayLike<number>[], row: number) => number;

/** Compiled sub-expression: a constant, a plain column read, or a closure. */
type Code = { k: "const"; v: number } | { k: "read"; slot: number } | { k: "fn"; f: Eval };

export function compileFormula(
  source: string,
  resolve: (name: string) => number | undefined,
): CompiledFormula {
  const { ast, references } = parseFormula(source);
  const slots = new Map<string, number>();
  for (const ref of references) {
    if (slots.has(ref.name)) continue;
    const slot = resolve(ref.name);
    if (slot === undefined) throw unknownName(ref.name, ref.pos);
    slots.set(ref.name, slot);
  }
  const evaluate = toEval(compile(ast, slots));
  return { source, names: [...slots.keys()], evaluate };
}

/** Parses `source` and checks its names against `knownNames`, for live feedback in the editor. */
export function checkFormula(source: string, knownNames: readonly string[]): FormulaCheck {
  try {
    const { references } = parseFormula(source);
    const known = new Set(knownNames);
    const names: string[] = [];
    const seen = new Set<string>();
    for (const ref of references) {
      if (!known.has(ref.name)) throw unknownName(ref.name, ref.pos);
      if (!seen.has(ref.name)) {
        seen.add(ref.name);
        names.push(ref.name);
      }
    }
    return { ok: true, names };
  } catch (error) {
    if (!(error instanceof FormulaError)) throw error;
    const result: FormulaCheck = {
      ok: false,
      code: error.code,
      position: error.position,
      message: error.message,
    };
    if (error.name !== undefined) result.name = error.name;
    return result;
  }
}

function unknownName(name: string, pos: number): FormulaError {
  return new FormulaError("unknown_name", pos, `Unknown name "${name}" at position ${pos}`, name);
}

function divisionByZero(pos: number): FormulaError {
  return new FormulaError("division_by_zero", pos, `Division by zero at position ${pos}`);
}

function toEval(code: Code): Eval {
  switch (code.k) {
    case "const": {
      const v = code.v;
      return () => v;
    }
    case "read": {
      const slot = code.slot;
      return (c, r) => {
        const v = c[slot]![r]!;
        // NaN (missing) reads as 0; written so that it is one comparison in the common case.
        return v > 0 || v < 0 ? v : 0;
      };
    }
    case "fn":
      return code.f;
  }
}

/** Folds a closure whose inputs are all constants, unless evaluating it throws (1/0 stays lazy). */
function fold(f: Eval, inputs: Code[]): Code {
  if (inputs.every((c) => c.k === "const")) {
    try {
      return { k: "const", v: f([], 0) };
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
    }
  }
  return { k: "fn", f };
}

function compile(node: FormulaNode, slots: Map<string, number>): Code {
  switch (node.kind) {
    case "number":
      return { k: "const", v: node.value };
    case "name":
      return { k: "read", slot: slots.get(node.name)! };
    case "negate": {
      const inner = compile(node.operand, slots);
      if (inner.k === "const") return { k: "const", v: -inner.v };
      const f = toEval(inner);
      return { k: "fn", f: (c, r) => -f(c, r) };
    }
    case "chain": {
      let acc = compile(node.first, slots);
      // Short chains nest binary closures (fastest); long ones run in a loop so a formula with
      // thousands of terms does not overflow the stack when evaluated.
      if (node.rest.length > 16) return compileLongChain(acc, node.rest, slots);
      for (const step of node.rest) {
        const right = compile(step.operand, slots);
        acc = fold(binary(step.op, acc, right, step.pos), [acc, right]);
      }
      return acc;
    }
    case "call":
      return compileCall(node.fn, node.args, slots);
  }
}

function compileCall(fn: string, argNodes: FormulaNode[], slots: Map<string, number>): Code {
  const codes = argNodes.map((a) => compile(a, slots));
  const args = codes.map(toEval);
  switch (fn) {
    case "IF": {
      const [cond, then, otherwise] = args as [Eval, Eval, Eval];
      const c0 = codes[0]!;
      // A constant condition picks its branch now; only the branch taken is ever evaluated.
      if (c0.k === "const") return c0.v !== 0 ? codes[1]! : codes[2]!;
      return { k: "fn", f: (c, r) => (cond(c, r) !== 0 ? then(c, r) : otherwise(c, r)) };
    }
    case "ABS": {
      const [x] = args as [Eval];
      return fold((c, r) => Math.abs(x(c, r)), codes);
    }
    case "ROUND": {
      const [x, n] = args as [Eval, Eval];
      return fold((c, r) => roundHalfAway(x(c, r), n(c, r)), codes);
    }
    case "MIN":
    case "MAX": {
      const pick = fn === "MIN" ? Math.min : Math.max;
      if (args.length === 1) return codes[0]!;
      if (args.length === 2) {
        const [a, b] = args as [Eval, Eval];
        return fold((c, r) => pick(a(c, r), b(c, r)), codes);
      }
      return fold((c, r) => {
        let m = args[0]!(c, r);
        for (let k = 1; k < args.length; k++) m = pick(m, args[k]!(c, r));
        return m;
      }, codes);
    }
    default:
      throw new Error(`unreachable: function ${fn}`);
  }
}

function compileLongChain(
  first: Code,
  rest: { op: BinaryOp; pos: number; operand: FormulaNode }[],
  slots: Map<string, number>,
): Code {
  const head = toEval(first);
  const steps = rest.map((s) => ({ op: s.op, pos: s.pos, f: toEval(compile(s.operand, slots)) }));
  return {
    k: "fn",
    f: (c, r) => {
      let acc = head(c, r);
      for (const s of steps) acc = apply(s.op, acc, s.f(c, r), s.pos);
      return acc;
    },
  };
}

function apply(op: BinaryOp, a: number, b: number, pos: number): number {
  switch (op) {
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
      return a * b;
    case "/":
      if (b === 0) throw divisionByZero(pos);
      return a / b;
    case "<":
      return a < b ? 1 : 0;
    case "<=":
      return a <= b ? 1 : 0;
    case ">":
      return a > b ? 1 : 0;
    case ">=":
      return a >= b ? 1 : 0;
    case "=":
      return a === b ? 1 : 0;
    case "<>":
      return a !== b ? 1 : 0;
  }
}

/** Missing (NaN) reads as 0. */
const num = (v: number): number => (v > 0 || v < 0 ? v : 0);

// Binary closures, specialised for the shapes that dominate per-record formulas
// (quantity * price, amount / 100, a - b) so the common case is a single closure call.
function binary(op: BinaryOp, left: Code, right: Code, pos: number): Eval {
  if (op === "*" || op === "+" || op === "-" || op === "/") {
    if (left.k === "read" && right.k === "read") return readRead(op, left.slot, right.slot, pos);
    if (left.k === "read" && right.k === "const") return readConst(op, left.slot, right.v, pos);
  }
  const a = toEval(left);
  const b = toEval(right);
  switch (op) {
    case "+":
      return (c, r) => a(c, r) + b(c, r);
    case "-":
      return (c, r) => a(c, r) - b(c, r);
    case "*":
      return (c, r) => a(c, r) * b(c, r);
    case "/":
      return (c, r) => {
        const x = a(c, r);
        const d = b(c, r);
        if (d === 0) throw divisionByZero(pos);
        return x / d;
      };
    case "<":
      return (c, r) => (a(c, r) < b(c, r) ? 1 : 0);
    case "<=":
      return (c, r) => (a(c, r) <= b(c, r) ? 1 : 0);
    case ">":
      return (c, r) => (a(c, r) > b(c, r) ? 1 : 0);
    case ">=":
      return (c, r) => (a(c, r) >= b(c, r) ? 1 : 0);
    case "=":
      return (c, r) => (a(c, r) === b(c, r) ? 1 : 0);
    case "<>":
      return (c, r) => (a(c, r) !== b(c, r) ? 1 : 0);
  }
}

function readRead(op: "+" | "-" | "*" | "/", s: number, t: number, pos: number): Eval {
  switch (op) {
    case "+":
      return (c, r) => num(c[s]![r]!) + num(c[t]![r]!);
    case "-":
      return (c, r) => num(c[s]![r]!) - num(c[t]![r]!);
    case "*":
      return (c, r) => num(c[s]![r]!) * num(c[t]![r]!);
    case "/":
      return (c, r) => {
        const d = num(c[t]![r]!);
        if (d === 0) throw divisionByZero(pos);
        return num(c[s]![r]!) / d;
      };
  }
}

function readConst(op: "+" | "-" | "*" | "/", s: number, v: number, pos: number): Eval {
  switch (op) {
    case "+":
      return (c, r) => num(c[s]![r]!) + v;
    case "-":
      return (c, r) => num(c[s]![r]!) - v;
    case "*":
      return (c, r) => num(c[s]![r]!) * v;
    case "/":
      if (v === 0) {
        return () => {
          throw divisionByZero(pos);
        };
      }
      return (c, r) => num(c[s]![r]!) / v;
  }
}
