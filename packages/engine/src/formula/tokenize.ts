// Tokenizer of the formula language. Runs once per formula (never per record).

import { FormulaError } from "./formula-error.ts";

export type TokenKind = "number" | "name" | "op" | "lparen" | "rparen" | "comma" | "eof";

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
      while (i < n && isDigit(source.charCodeAt(i))) i++;
      if (i < n && source.charCodeAt(i) === 46) {
        i++;
        while (i < n && isDigit(source.charCodeAt(i))) i++;
      }
      const text = source.slice(pos, i);
      tokens.push(token("number", pos, text, Number(text)));
      continue;
    }
    const ch = source[i]!;
    // Surrogate pairs: take the whole code point so astral letters are recognised.
    const cp = String.fromCodePoint(source.codePointAt(i)!);
    if (isNameStart(cp)) {
      i += cp.length;
      while (i < n) {
        const next = String.fromCodePoint(source.codePointAt(i)!);
        if (!isNamePart(next)) break;
        i += next.length;
      }
      tokens.push(token("name", pos, source.slice(pos, i)));
      continue;
    }
    switch (ch) {
      case "[": {
        const close = source.indexOf("]", i + 1);
        if (close < 0) throw new FormulaError("unclosed_bracket", pos, `Unclosed "[" at position ${pos}`);
        const name = source.slice(i + 1, close);
        if (name.trim() === "")
          throw new FormulaError("empty_name", pos, `Empty name "[]" at position ${pos}`);
        tokens.push(token("name", pos, name, 0, true));
        i = close + 1;
        continue;
      }
      case "(":
        tokens.push(token("lparen", pos, ch));
        i++;
        continue;
      case ")":
        tokens.push(token("rparen", pos, ch));
        i++;
        continue;
      case ",":
        tokens.push(token("comma", pos, ch));
        i++;
        continue;
      case "+":
      case "-":
      case "*":
      case "/":
      case "=":
        tokens.push(token("op", pos, ch));
        i++;
        continue;
      case "<": {
        const next = source[i + 1];
        const text = next === "=" || next === ">" ? `<${next}` : "<";
        tokens.push(token("op", pos, text));
        i += text.length;
        continue;
      }
      case ">": {
        const text = source[i + 1] === "=" ? ">=" : ">";
        tokens.push(token("op", pos, text));
        i += text.length;
        continue;
      }
      default:
        throw new FormulaError(
          "unexpected_character",
          pos,
          `Unexpected character "${cp}" at position ${pos}`,
        );
    }
  }
  tokens.push(token("eof", n, ""));
  return tokens;
}
