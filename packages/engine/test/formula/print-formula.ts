// Test helper: prints a formula tree back to source, parenthesising every compound operand so that
// re-parsing gives the same tree.

import type { FormulaNode } from "../../src/formula/ast.ts";

const plainName = /^[\p{L}_][\p{L}\d_.]*$/u;

export function printFormula(node: FormulaNode): string {
  return `=${print(node)}`;
}

function printName(name: string): string {
  return plainName.test(name) ? name : `[${name}]`;
}

function operand(node: FormulaNode): string {
  const text = print(node);
  return node.kind === "chain" || node.kind === "negate" ? `(${text})` : text;
}

function print(node: FormulaNode): string {
  switch (node.kind) {
    case "number":
      return String(node.value);
    case "name":
      return printName(node.name);
    case "negate":
      return `-${operand(node.operand)}`;
    case "chain":
      return [operand(node.first), ...node.rest.map((s) => ` ${s.op} ${operand(s.operand)}`)].join("");
    case "call":
      return `${node.fn}(${node.args.map(print).join(", ")})`;
  }
}
