// Text extraction of shaped Arabic. Noto Sans Arabic draws several letters with one glyph plus
// dots (the initial forms of teh and yeh are one dotless glyph and a dot mark). PDFKit maps each
// glyph of the embedded subset to the characters of the first time it was used, and fontkit hands
// out one cached glyph object per glyph id carrying the characters of its first use; so a PDF
// with "تقرير" would be read back by a text extractor as "تقرتر". Two small adjustments, applied
// to each embedded font once:
// - fontkit's getGlyph returns, for a glyph already cached with other characters, a view of it
//   carrying the characters it stands for this time;
// - PDFKit's encode gives a glyph used for different characters its own code in the subset (a
//   copy of the glyph), so the ToUnicode map names the right characters for each use.
// Covered by the Arabic extraction test (apps/api/test/pdf/pdf-render.test.ts).

interface FontkitGlyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}
interface FontkitFont {
  getGlyph(id: number, codePoints?: number[]): FontkitGlyph;
}
interface Subset {
  glyphs: number[];
  includeGlyph(id: number): number;
}
interface EmbeddedFont {
  font: FontkitFont;
  subset: Subset;
  scale: number;
  widths: number[];
  unicode: number[][];
  layout(
    text: string,
    features?: unknown,
  ): { glyphs: FontkitGlyph[]; positions: unknown[]; advanceWidth: number };
  encode(text: string, features?: unknown): [string[], unknown[]];
  __costflowPatched?: boolean;
}

const same = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

function patchFontkit(font: FontkitFont & { __costflowPatched?: boolean }) {
  if (font.__costflowPatched) return;
  font.__costflowPatched = true;
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id: number, codePoints: number[] = []) => {
    const glyph = getGlyph(id, codePoints);
    if (!glyph || !codePoints.length || same(glyph.codePoints, codePoints)) return glyph;
    return Object.create(glyph, { codePoints: { value: codePoints } }) as FontkitGlyph;
  };
}

/** Applies both adjustments to PDFKit's current font of `doc` (an embedded TrueType font). */
export function patchEmbeddedFont(doc: PDFKit.PDFDocument): void {
  const embedded = (doc as unknown as { _font?: EmbeddedFont })._font;
  if (!embedded || embedded.__costflowPatched || !embedded.subset || !embedded.font) return;
  embedded.__costflowPatched = true;
  patchFontkit(embedded.font);
  // Subset glyph id per (glyph, characters).
  const codes = new Map<string, number>();
  embedded.encode = function encode(text: string, features?: unknown) {
    const { glyphs, positions } = this.layout(text, features);
    const out: string[] = [];
    for (const glyph of glyphs) {
      const key = `${glyph.id}:${glyph.codePoints.join(",")}`;
      let gid = codes.get(key);
      if (gid === undefined) {
        gid = this.subset.includeGlyph(glyph.id);
        const known = this.unicode[gid];
        if (known != null && !same(known, glyph.codePoints) && glyph.codePoints.length) {
          // The glyph already stands for other characters: a copy of it gets its own code.
          this.subset.glyphs.push(glyph.id);
          gid = this.subset.glyphs.length - 1;
        }
        codes.set(key, gid);
      }
      out.push(`0000${gid.toString(16)}`.slice(-4));
      if (this.widths[gid] == null) this.widths[gid] = glyph.advanceWidth * this.scale;
      if (this.unicode[gid] == null) this.unicode[gid] = glyph.codePoints;
    }
    return [out, positions];
  };
}
