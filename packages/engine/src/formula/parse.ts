// Recursive-descent parser of the formula language (allocation-semantics.md, "Formulas").
// Grammar, lowest precedence first:
//   formula    := ws* "=" comparison EOF
//   comparison := additive (("<" | "<=" | ">" | ">=" | "=" | "<>") additive)*
//   additive   := term (("+" | "-") term)*
//   term       := unary (("*" | "/") unary)*
//   unary      := "-" unary | primary
//   primary    := number | name | FUNCTION "(" comparison ("," comparison)* ")" | "(" comparison ")"

import { arity, type BinaryOp, type FormulaNode, type FunctionName, precedence } from "./ast.ts";
import { FormulaError } from "./formula-error.ts";
import { type Token, tokenize } from "./tokenize.ts";

/** Nesting (parentheses, unary minus, function calls) allowed before "too_complex". */
const MAX_DEPTH = 200;

const functionNames = new Set<string>(["IF", "MIN", "MAX", "ABS", "ROUND"]);

interface ParsedFormula {
  ast: FormulaNode;
  /** Every name reference in source order (duplicates kept), for resolution with positions. */
  references: { name: string; pos: number }[];
}

export function parseFormula(source: string): ParsedFormula {
  let start = 0;
  while (start < source.length && /\s/.test(source[start]!)) start++;
  if (source[start] !== "=") {
    throw new FormulaError("missing_equals", start, `A formula starts with "=" (position ${start})`);
  }
  const tokens = tokenize(source, start + 1);
  if (tokens[0]!.kind === "eof") {
    throw new FormulaError(
      "empty_formula",
      start + 1,
      `Empty formula: nothing after "=" at position ${start + 1}`,
    );
  }
  return new Parser(tokens).parse();
}

function describe(t: Token): string {
  switch (t.kind) {
    case "eof":
      return "end of formula";
    case "number":
      return `number ${t.text}`;
    case "name":
      return t.bracketed ? `name "[${t.text}]"` : `name "${t.text}"`;
    default:
      return `"${t.text}"`;
  }
}

function unexpected(t: Token): FormulaError {
  return new FormulaError("unexpected_token", t.pos, `Unexpected ${describe(t)} at position ${t.pos}`);
}

class Parser {
  private i = 0;
  private depth = 0;
  private readonly references: { name: string; pos: number }[] = [];

  constructor(private readonly tokens: Token[]) {}

  parse(): ParsedFormula {
    const ast = this.comparison();
    const t = this.peek();
    if (t.kind !== "eof") throw unexpected(t);
    return { ast, references: this.references };
  }

  private peek(): Token {
    return this.tokens[this.i]!;
  }

  private enter(pos: number): void {
    if (++this.depth > MAX_DEPTH) {
      throw new FormulaError(
        "too_complex",
        pos,
        `Formula nested too deeply (more than ${MAX_DEPTH} levels) at position ${pos}`,
      );
    }
  }

  private chain(level: number, operand: () => FormulaNode): FormulaNode {
    const first = operand();
    let rest: { op: BinaryOp; pos: number; operand: FormulaNode }[] | undefined;
    for (;;) {
      const t = this.peek();
      if (t.kind !== "op" || precedence[t.text as BinaryOp] !== level) break;
      this.i++;
      rest ??= [];
      rest.push({ op: t.text as BinaryOp, pos: t.pos, operand: operand() });
    }
    return rest ? { kind: "chain", pos: first.pos, first, rest } : first;
  }

  private comparison(): FormulaNode {
    return this.chain(1, () => this.additive());
  }

  private additive(): FormulaNode {
    return this.chain(2, () => this.term());
  }

  private term(): FormulaNode {
    return this.chain(3, () => this.unary());
  }

  private unary(): FormulaNode {
    const t = this.peek();
    if (t.kind === "op" && t.text === "-") {
      this.i++;
      this.enter(t.pos);
      const operand = this.unary();
      this.depth--;
      return { kind: "negate", pos: t.pos, operand };
    }
    return this.primary();
  }

  private primary(): FormulaNode {
    const t = this.peek();
    switch (t.kind) {
      case "number":
        this.i++;
        return { kind: "number", pos: t.pos, value: t.value };
      case "name": {
        this.i++;
        if (!t.bracketed && this.peek().kind === "lparen") return this.call(t);
        this.references.push({ name: t.text, pos: t.pos });
        return { kind: "name", pos: t.pos, name: t.text };
      }
      case "lparen": {
        this.i++;
        this.enter(t.pos);
        const inner = this.comparison();
        this.close(t);
        this.depth--;
        return inner;
      }
      default:
        throw unexpected(t);
    }
  }

  /** Consumes the ")" matching `open`. */
  private close(open: Token): void {
    const t = this.peek();
    if (t.kind === "rparen") {
      this.i++;
      return;
    }
    if (t.kind === "eof") {
      throw new FormulaError(
        "unclosed_parenthesis",
        open.pos,
        `Unclosed parenthesis "(" at position ${open.pos}`,
      );
    }
    throw unexpected(t);
  }

  private call(nameToken: Token): FormulaNode {
    const upper = nameToken.text.toUpperCase();
    if (!functionNames.has(upper)) {
      throw new FormulaError(
        "unknown_function",
        nameToken.pos,
        `Unknown function "${nameToken.text}" at position ${nameToken.pos}`,
        nameToken.text,
      );
    }
    const fn = upper as FunctionName;
    const open = this.peek();
    this.i++;
    this.enter(open.pos);
    const args: FormulaNode[] = [];
    if (this.peek().kind !== "rparen") {
      args.push(this.comparison());
      while (this.peek().kind === "comma") {
        this.i++;
        args.push(this.comparison());
      }
    }
    this.close(open);
    this.depth--;
    const [min, max] = arity[fn];
    if (args.length < min || args.length > max) {
      const expected =
        min === max
          ? `${min} argument${min === 1 ? "" : "s"}`
          : `at least ${min} argument${min === 1 ? "" : "s"}`;
      throw new FormulaError(
        "wrong_arity",
        nameToken.pos,
        `${fn} expects ${expected}, got ${args.length} at position ${nameToken.pos}`,
        nameToken.text,
      );
    }
    return { kind: "call", pos: nameToken.pos, fn, args };
  }
}
