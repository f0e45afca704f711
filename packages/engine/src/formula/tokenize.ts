// Tokenizer of the formula language. Runs once per formula (never per record).

import { FormulaError } from "./formula-error.ts";

type TokenKind = "number" | "name" | "op" | "lparen" | "rparen" | "comma" | "eof";

export interface Token {
  kind: TokenKind;
  /** 0-based index of the token's first character in the source. */
  pos: number;
  /** Operator text, name (without brackets) or number text. */
  text: string;
  /** Value of a number token. */
  value: number;
  /** A [bracketed] name: never a function name. */
  bracketed: boolean;
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

// Letters include non-ASCII letters so that driver names like "menge_ä" work.
const letter = /\p{L}/u;
const isNameStart = (ch: string): boolean => ch === "_" || letter.test(ch);
const isNamePart = (ch: string): boolean => ch === "." || isNameStart(ch) || isDigit(ch.charCodeAt(0));

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

function token(kind: TokenKind, pos: number, text: string, value = 0, bracketed = false): Token {
  return { kind, pos, text, value, bracketed };
}

/** Tokenizes `source` from `start` (just after the leading "="). */
export function tokenize(source: string, start: number): Token[] {
  const tokens: Token[] = [];
  const n = source.length;
  let i = start;
  while (i < n) {
    const c = source.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    const pos = i;
    if (isDigit(c) || (c === 46 && i + 1 < n && isDigit(source.charCodeAt(i + 1)))) {
      i = numberEnd(source, i);
      const text = source.slice(pos, i);
      tokens.push(token("number", pos, text, Number(text)));
      continue;
    }
    // Surrogate pairs: take the whole code point so astral letters are recognised.
    const cp = String.fromCodePoint(source.codePointAt(i)!);
    if (isNameStart(cp)) {
      i = nameEnd(source, i + cp.length);
      tokens.push(token("name", pos, source.slice(pos, i)));
      continue;
    }
    const symbol = symbolAt(source, pos, cp);
    tokens.push(symbol.token);
    i = symbol.end;
  }
  tokens.push(token("eof", n, ""));
  return tokens;
}

/** End of the number starting at `i`: digits, then optionally "." and digits. */
function numberEnd(source: string, i: number): number {
  const n = source.length;
  while (i < n && isDigit(source.charCodeAt(i))) i++;
  if (i < n && source.charCodeAt(i) === 46) {
    i++;
    while (i < n && isDigit(source.charCodeAt(i))) i++;
  }
  return i;
}

/** End of the name whose rest starts at `i` (code point by code point). */
function nameEnd(source: string, i: number): number {
  const n = source.length;
  while (i < n) {
    const next = String.fromCodePoint(source.codePointAt(i)!);
    if (!isNamePart(next)) break;
    i += next.length;
  }
  return i;
}

/** The [bracketed] name, parenthesis, comma or operator at `pos` (code point `cp`), and its end. */
function symbolAt(source: string, pos: number, cp: string): { token: Token; end: number } {
  const ch = source[pos]!;
  switch (ch) {
    case "[": {
      const close = source.indexOf("]", pos + 1);
      if (close < 0) throw new FormulaError("unclosed_bracket", pos, `Unclosed "[" at position ${pos}`);
      const name = source.slice(pos + 1, close);
      if (name.trim() === "") throw new FormulaError("empty_name", pos, `Empty name "[]" at position ${pos}`);
      return { token: token("name", pos, name, 0, true), end: close + 1 };
    }
    case "(":
      return { token: token("lparen", pos, ch), end: pos + 1 };
    case ")":
      return { token: token("rparen", pos, ch), end: pos + 1 };
    case ",":
      return { token: token("comma", pos, ch), end: pos + 1 };
    case "+":
    case "-":
    case "*":
    case "/":
    case "=":
      return { token: token("op", pos, ch), end: pos + 1 };
    case "<": {
      const next = source[pos + 1];
      const text = next === "=" || next === ">" ? `<${next}` : "<";
      return { token: token("op", pos, text), end: pos + text.length };
    }
    case ">": {
      const text = source[pos + 1] === "=" ? ">=" : ">";
      return { token: token("op", pos, text), end: pos + text.length };
    }
    default:
      throw new FormulaError("unexpected_character", pos, `Unexpected character "${cp}" at position ${pos}`);
  }
}
