// A formula evaluated a block of rows at a time (calculated drivers, FORMULA weights, FOR lines):
// each node fills a reused buffer of BLOCK values in a tight loop, instead of one closure call per
// record per node, which boxes every intermediate double and churns the young generation.
//
// Exactness: the nodes apply the same IEEE operations in the same order as the closure compiled
// by formula/compile.ts (reads map a missing value to 0, chains go left to right, MIN/MAX fold
// left, ROUND is roundHalfAway), so every value is bit-identical. The closure evaluates only the
// branch an IF takes; the blocks evaluate both and select, which gives the same value unless a
// branch divides by zero. So a block in which any division meets a zero divisor is evaluated
// again row by row with the closure: errors surface on the same row, with the same error.

import type { BinaryOp, FormulaNode } from "../formula/ast.ts";
import { type CompiledFormula, compileFormula } from "../formula/compile.ts";
import { parseFormula } from "../formula/parse.ts";
import { roundHalfAway } from "../formula/round-half-away.ts";

const BLOCK = 2048;

type Node =
  | { k: "const"; v: number }
  | { k: "read"; slot: number; buf: Float64Array }
  | { k: "neg"; x: Node; buf: Float64Array }
  | { k: "chain"; first: Node; steps: { op: BinaryOp; x: Node }[]; buf: Float64Array }
  | { k: "if"; c: Node; t: Node; e: Node; buf: Float64Array }
  | { k: "abs"; x: Node; buf: Float64Array }
  | { k: "round"; x: Node; n: Node; buf: Float64Array }
  | { k: "pick"; max: boolean; args: Node[]; buf: Float64Array };

/** Set when a division of the current block met a zero divisor. */
let divisionByZero = false;

export class ColumnFormula {
  /** The per-record closure: single rows (totals) and blocks that divide by zero. */
  readonly closure: CompiledFormula;
  /** What the closure threw on the row returned by the last `fill` that stopped early. */
  error: unknown = null;
  private readonly root: Node;

  /** Compiles `source` like compileFormula (same errors, same resolve calls). */
  constructor(source: string, resolve: (name: string) => number | undefined) {
    const slots = new Map<string, number>();
    this.closure = compileFormula(source, (name) => {
      const slot = resolve(name);
      if (slot !== undefined) slots.set(name, slot);
      return slot;
    });
    this.root = build(parseFormula(source).ast, slots);
  }

  /**
   * Writes the formula's value on rows start..end-1 to out[row]. Returns end, or the first row on
   * which the closure throws (rows before it are written; `error` holds what was thrown).
   */
  fill(columns: ArrayLike<number>[], start: number, end: number, out: Float64Array): number {
    const root = this.root;
    if (root.k === "const") {
      out.fill(root.v, start, end);
      return end;
    }
    const own = root.buf;
    for (let r0 = start; r0 < end; r0 += BLOCK) {
      const len = Math.min(BLOCK, end - r0);
      divisionByZero = false;
      // The root writes its block straight into `out` (no copy from its own buffer).
      root.buf = out.subarray(r0, r0 + len);
      run(root, columns, r0, len);
      root.buf = own;
      if (!divisionByZero) continue;
      for (let r = r0; r < r0 + len; r++) {
        try {
          out[r] = this.closure.evaluate(columns, r);
        } catch (error) {
          this.error = error;
          return r;
        }
      }
    }
    return end;
  }
}

function build(node: FormulaNode, slots: Map<string, number>): Node {
  switch (node.kind) {
    case "number":
      return { k: "const", v: node.value };
    case "name":
      return { k: "read", slot: slots.get(node.name)!, buf: new Float64Array(BLOCK) };
    case "negate": {
      const x = build(node.operand, slots);
      return x.k === "const" ? { k: "const", v: -x.v } : { k: "neg", x, buf: new Float64Array(BLOCK) };
    }
    case "chain": {
      const first = build(node.first, slots);
      const steps = node.rest.map((s) => ({ op: s.op, x: build(s.operand, slots) }));
      if (first.k === "const" && steps.every((s) => s.x.k === "const")) {
        let acc = first.v;
        let finite = true;
        for (const s of steps) {
          const v = (s.x as { v: number }).v;
          if (s.op === "/" && v === 0) finite = false;
          acc = applyScalar(s.op, acc, v);
        }
        // A constant division by zero stays a node: it must fail on the rows, as the closure does.
        if (finite) return { k: "const", v: acc };
      }
      return { k: "chain", first, steps, buf: new Float64Array(BLOCK) };
    }
    case "call": {
      const args = node.args.map((a) => build(a, slots));
      const buf = new Float64Array(BLOCK);
      switch (node.fn) {
        case "IF": {
          const [c, t, e] = args as [Node, Node, Node];
          // As the closure: a constant condition picks its branch once.
          if (c.k === "const") return c.v !== 0 ? t : e;
          return { k: "if", c, t, e, buf };
        }
        case "ABS": {
          const x = args[0]!;
          return x.k === "const" ? { k: "const", v: Math.abs(x.v) } : { k: "abs", x, buf };
        }
        case "ROUND": {
          const [x, n] = args as [Node, Node];
          if (x.k === "const" && n.k === "const") return { k: "const", v: roundHalfAway(x.v, n.v) };
          return { k: "round", x, n, buf };
        }
        case "MIN":
        case "MAX": {
          if (args.length === 1) return args[0]!;
          const max = node.fn === "MAX";
          if (args.every((a) => a.k === "const")) {
            let m = (args[0] as { v: number }).v;
            for (let i = 1; i < args.length; i++) {
              const v = (args[i] as { v: number }).v;
              m = max ? Math.max(m, v) : Math.min(m, v);
            }
            return { k: "const", v: m };
          }
          return { k: "pick", max, args, buf };
        }
      }
    }
  }
}

function applyScalar(op: BinaryOp, a: number, b: number): number {
  switch (op) {
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
      return a * b;
    case "/":
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

/** Fills node.buf[0..len) with the node's values on rows r0..r0+len-1 (not for constants). */
function run(node: Node, c: ArrayLike<number>[], r0: number, len: number): void {
  switch (node.k) {
    case "const":
      return;
    case "read":
      readInto(node.buf, c[node.slot]!, r0, len);
      return;
    case "neg": {
      const x = operand(node.x, c, r0, len);
      const buf = node.buf;
      for (let i = 0; i < len; i++) buf[i] = -x[i]!;
      return;
    }
    case "chain": {
      const acc = node.buf;
      const first = node.first;
      if (first.k === "const") acc.fill(first.v, 0, len);
      else if (first.k === "read") readInto(acc, c[first.slot]!, r0, len);
      else {
        run(first, c, r0, len);
        const f = (first as { buf: Float64Array }).buf;
        for (let i = 0; i < len; i++) acc[i] = f[i]!;
      }
      for (const step of node.steps) {
        const x = step.x;
        if (x.k === "const") applyConst(step.op, acc, x.v, len);
        else if (x.k === "read") applyRead(step.op, acc, c[x.slot]!, r0, len);
        else {
          run(x, c, r0, len);
          applyColumn(step.op, acc, (x as { buf: Float64Array }).buf, len);
        }
      }
      return;
    }
    case "if": {
      const cond = operand(node.c, c, r0, len);
      const buf = node.buf;
      const t = node.t;
      const e = node.e;
      const tb = t.k === "const" ? null : operand(t, c, r0, len);
      const eb = e.k === "const" ? null : operand(e, c, r0, len);
      const tv = t.k === "const" ? t.v : 0;
      const ev = e.k === "const" ? e.v : 0;
      for (let i = 0; i < len; i++) {
        buf[i] = cond[i]! !== 0 ? (tb === null ? tv : tb[i]!) : eb === null ? ev : eb[i]!;
      }
      return;
    }
    case "abs": {
      const x = operand(node.x, c, r0, len);
      const buf = node.buf;
      for (let i = 0; i < len; i++) buf[i] = Math.abs(x[i]!);
      return;
    }
    case "round": {
      const x = node.x;
      const n = node.n;
      const xb = x.k === "const" ? null : operand(x, c, r0, len);
      const nb = n.k === "const" ? null : operand(n, c, r0, len);
      const buf = node.buf;
      for (let i = 0; i < len; i++) {
        buf[i] = roundHalfAway(
          xb === null ? (x as { v: number }).v : xb[i]!,
          nb === null ? (n as { v: number }).v : nb[i]!,
        );
      }
      return;
    }
    case "pick": {
      const buf = node.buf;
      const max = node.max;
      for (let k = 0; k < node.args.length; k++) {
        const arg = node.args[k]!;
        if (arg.k === "const") {
          if (k === 0) buf.fill(arg.v, 0, len);
          else if (max) for (let i = 0; i < len; i++) buf[i] = Math.max(buf[i]!, arg.v);
          else for (let i = 0; i < len; i++) buf[i] = Math.min(buf[i]!, arg.v);
          continue;
        }
        const a = operand(arg, c, r0, len);
        if (k === 0) for (let i = 0; i < len; i++) buf[i] = a[i]!;
        else if (max) for (let i = 0; i < len; i++) buf[i] = Math.max(buf[i]!, a[i]!);
        else for (let i = 0; i < len; i++) buf[i] = Math.min(buf[i]!, a[i]!);
      }
      return;
    }
  }
}

/** The values of a non-constant operand (computed into its buffer). */
function operand(node: Node, c: ArrayLike<number>[], r0: number, len: number): Float64Array {
  run(node, c, r0, len);
  return (node as { buf: Float64Array }).buf;
}

/** buf[i] = the column's value on row r0 + i, a missing value (NaN) read as 0 as in the closure
 * (so is -0). */
function readInto(buf: Float64Array, col: ArrayLike<number>, r0: number, len: number): void {
  for (let i = 0; i < len; i++) {
    const v = col[r0 + i]!;
    buf[i] = v > 0 || v < 0 ? v : 0;
  }
}

/** acc op= the column's values (read as readInto reads them), without a buffer for them. */
function applyRead(op: BinaryOp, acc: Float64Array, col: ArrayLike<number>, r0: number, len: number): void {
  switch (op) {
    case "+":
      for (let i = 0; i < len; i++) {
        const v = col[r0 + i]!;
        acc[i] = acc[i]! + (v > 0 || v < 0 ? v : 0);
      }
      return;
    case "-":
      for (let i = 0; i < len; i++) {
        const v = col[r0 + i]!;
        acc[i] = acc[i]! - (v > 0 || v < 0 ? v : 0);
      }
      return;
    case "*":
      for (let i = 0; i < len; i++) {
        const v = col[r0 + i]!;
        acc[i] = acc[i]! * (v > 0 || v < 0 ? v : 0);
      }
      return;
    case "/": {
      let zero = false;
      for (let i = 0; i < len; i++) {
        const v = col[r0 + i]!;
        const d = v > 0 || v < 0 ? v : 0;
        if (d === 0) zero = true;
        acc[i] = acc[i]! / d;
      }
      if (zero) divisionByZero = true;
      return;
    }
    default:
      for (let i = 0; i < len; i++) {
        const v = col[r0 + i]!;
        acc[i] = applyScalar(op, acc[i]!, v > 0 || v < 0 ? v : 0);
      }
  }
}

function applyConst(op: BinaryOp, acc: Float64Array, v: number, len: number): void {
  switch (op) {
    case "+":
      for (let i = 0; i < len; i++) acc[i] = acc[i]! + v;
      return;
    case "-":
      for (let i = 0; i < len; i++) acc[i] = acc[i]! - v;
      return;
    case "*":
      for (let i = 0; i < len; i++) acc[i] = acc[i]! * v;
      return;
    case "/":
      if (v === 0) divisionByZero = true;
      for (let i = 0; i < len; i++) acc[i] = acc[i]! / v;
      return;
    default:
      for (let i = 0; i < len; i++) acc[i] = applyScalar(op, acc[i]!, v);
  }
}

function applyColumn(op: BinaryOp, acc: Float64Array, b: Float64Array, len: number): void {
  switch (op) {
    case "+":
      for (let i = 0; i < len; i++) acc[i] = acc[i]! + b[i]!;
      return;
    case "-":
      for (let i = 0; i < len; i++) acc[i] = acc[i]! - b[i]!;
      return;
    case "*":
      for (let i = 0; i < len; i++) acc[i] = acc[i]! * b[i]!;
      return;
    case "/": {
      let zero = false;
      for (let i = 0; i < len; i++) {
        const d = b[i]!;
        if (d === 0) zero = true;
        acc[i] = acc[i]! / d;
      }
      if (zero) divisionByZero = true;
      return;
    }
    default:
      for (let i = 0; i < len; i++) acc[i] = applyScalar(op, acc[i]!, b[i]!);
  }
}
