// Syntax tree of a formula. Runs of operators of one precedence level are kept flat ("chain") so a
// formula summing thousands of terms does not nest thousands deep (no stack overflow when compiling
// or evaluating it).

export type FunctionName = "IF" | "MIN" | "MAX" | "ABS" | "ROUND";

type ComparisonOp = "<" | "<=" | ">" | ">=" | "=" | "<>";
type ArithmeticOp = "+" | "-" | "*" | "/";
export type BinaryOp = ComparisonOp | ArithmeticOp;

export type FormulaNode =
  | { kind: "number"; pos: number; value: number }
  | { kind: "name"; pos: number; name: string }
  | { kind: "negate"; pos: number; operand: FormulaNode }
  | {
      kind: "chain";
      pos: number;
      first: FormulaNode;
      /** All operators of one chain have the same precedence; evaluated left to right. */
      rest: { op: BinaryOp; pos: number; operand: FormulaNode }[];
    }
  | { kind: "call"; pos: number; fn: FunctionName; args: FormulaNode[] };

export const precedence: Record<BinaryOp, number> = {
  "<": 1,
  "<=": 1,
  ">": 1,
  ">=": 1,
  "=": 1,
  "<>": 1,
  "+": 2,
  "-": 2,
  "*": 3,
  "/": 3,
};

/** Arity of each function: [min, max]. */
export const arity: Record<FunctionName, [number, number]> = {
  IF: [3, 3],
  MIN: [1, Number.POSITIVE_INFINITY],
  MAX: [1, Number.POSITIVE_INFINITY],
  ABS: [1, 1],
  ROUND: [2, 2],
};
