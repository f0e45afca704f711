import bidiFactory from "bidi-js";
import { type FontName, fontOf, isArabic } from "./pdf-fonts.ts";

// Text in both directions. A line is given in logical order (as typed); it is cut into tokens
// (no spaces, one bidi level, one font), the tokens are put in visual order with the Unicode
// bidi algorithm's rule L2, and each is drawn at its place. A right-to-left token in Arabic is
// handed to fontkit as typed: its shaper joins the letters and reverses the glyphs itself;
// a right-to-left token without Arabic letters (punctuation between Arabic words) is reversed
// here with its brackets mirrored. Lines are broken at spaces in logical order, before
// reordering, as the algorithm asks.

const bidi = bidiFactory();

const CONTROLS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;

interface Token {
  text: string;
  font: FontName;
  level: number;
  space: boolean;
}

/** The part of PDFKit's document the text writer uses (the real PDFKit.PDFDocument). */
export type Doc = PDFKit.PDFDocument;

export function tokenize(text: string, rtl: boolean, bold: boolean): Token[] {
  const chars = [...text];
  if (!chars.length) return [];
  const { levels } = bidi.getEmbeddingLevels(text, rtl ? "rtl" : "ltr");
  // levels is indexed by UTF-16 code unit; map each code point to its first unit.
  const tokens: Token[] = [];
  let unit = 0;
  let current: Token | null = null;
  let lastFont: FontName = bold ? "Sans-Bold" : "Sans";
  for (const ch of chars) {
    const level = levels[unit] ?? (rtl ? 1 : 0);
    unit += ch.length;
    // Direction controls (isolates, marks) steer the levels and are not drawn.
    if (CONTROLS.test(ch)) continue;
    const space = /\s/.test(ch);
    // Neutral characters (digits' separators, punctuation) stay in the font of the letters
    // before them, so a token is not split at every comma.
    const font: FontName = space
      ? lastFont
      : /[\p{L}\p{N}\p{M}]/u.test(ch) || isArabic(ch)
        ? fontOf(ch, bold)
        : lastFont;
    if (!space) lastFont = font;
    if (current && current.level === level && current.space === space && current.font === font) {
      current.text += ch;
    } else {
      current = { text: ch, font, level, space };
      tokens.push(current);
    }
  }
  return tokens;
}

/** Rule L2: from the highest level down to the lowest odd one, reverse every run at or above it. */
export function visualOrder(tokens: Token[]): Token[] {
  const out = [...tokens];
  if (!out.length) return out;
  const max = Math.max(...out.map((t) => t.level));
  const minOdd = Math.min(...out.map((t) => t.level).filter((l) => l % 2 === 1), Number.POSITIVE_INFINITY);
  for (let level = max; level >= minOdd && level > 0; level--) {
    let i = 0;
    while (i < out.length) {
      if (out[i]!.level >= level) {
        let j = i;
        while (j < out.length && out[j]!.level >= level) j++;
        const run = out.slice(i, j).reverse();
        out.splice(i, j - i, ...run);
        i = j;
      } else i++;
    }
  }
  return out;
}

/** What fontkit should get for a token so that its glyphs come out in visual order. */
export function shapedInput(token: Token): string {
  if (token.level % 2 === 0) return token.text;
  if ([...token.text].some(isArabic)) return token.text;
  return [...token.text]
    .reverse()
    .map((c) => bidi.getMirroredCharacter(c) ?? c)
    .join("");
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

export class TextWriter {
  constructor(
    private readonly doc: Doc,
    readonly rtl: boolean,
  ) {}

  private tokenWidth(token: Token, size: number): number {
    this.doc.font(token.font).fontSize(size);
    return this.doc.widthOfString(shapedInput(token));
  }

  width(text: string, style: TextStyle): number {
    return tokenize(text, this.rtl, !!style.bold).reduce((w, t) => w + this.tokenWidth(t, style.size), 0);
  }

  /** Logical lines of at most `width` points, broken at spaces (a longer word is cut). */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      const words = paragraph.split(/\s+/).filter(Boolean);
      let line = "";
      for (const word of words) {
        const candidate = line ? `${line} ${word}` : word;
        if (!line || this.width(candidate, style) <= width) {
          line = candidate;
          if (this.width(line, style) > width) {
            // One word wider than the line: cut it where it no longer fits.
            const chars = [...line];
            let cut = chars.length;
            while (cut > 1 && this.width(chars.slice(0, cut).join(""), style) > width) cut--;
            lines.push(chars.slice(0, cut).join(""));
            line = chars.slice(cut).join("");
          }
        } else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** `text` shortened with an ellipsis (at its logical end) to fit in `width`. */
  fit(text: string, width: number, style: TextStyle): string {
    if (this.width(text, style) <= width) return text;
    const chars = [...text];
    let n = chars.length;
    while (n > 0 && this.width(`${chars.slice(0, n).join("")}…`, style) > width) n--;
    return `${chars.slice(0, n).join("").trimEnd()}…`;
  }

  /**
   * One line with its baseline at `baseline`, in a box from `x` of `width` points; `align`
   * "start" is the reading side (left in a left-to-right document, right in Arabic).
   */
  line(
    text: string,
    x: number,
    baseline: number,
    width: number,
    style: TextStyle,
    align: "start" | "end" | "center" = "start",
  ): void {
    const tokens = visualOrder(tokenize(text.trim(), this.rtl, !!style.bold));
    const widths = tokens.map((t) => this.tokenWidth(t, style.size));
    const total = widths.reduce((a, b) => a + b, 0);
    const side = align === "center" ? "center" : (align === "start") !== this.rtl ? "left" : "right";
    let at = side === "left" ? x : side === "right" ? x + width - total : x + (width - total) / 2;
    this.doc.fillColor(style.color ?? "#1f2937");
    tokens.forEach((token, i) => {
      if (!token.space) {
        this.doc.font(token.font).fontSize(style.size);
        this.doc.text(shapedInput(token), at, baseline, { lineBreak: false, baseline: "alphabetic" });
      }
      at += widths[i]!;
    });
  }
}
