import { createRequire } from "node:module";
import * as fontkit from "fontkit";

// The fonts every PDF is written in, shipped as npm packages (TTF files of Noto Sans and Noto
// Sans Arabic, SIL Open Font License 1.1): nothing is read from the system or downloaded, so a
// fresh `npm ci` makes PDFs. Latin (with Spanish and Portuguese accents) in Noto Sans, Arabic in
// Noto Sans Arabic; text is split into runs by script and each run set in its font.

const require = createRequire(import.meta.url);
const file = (pkg: string, name: string) => require.resolve(`@expo-google-fonts/${pkg}/${name}`);

export const FONT_FILES = {
  Sans: file("noto-sans", "400Regular/NotoSans_400Regular.ttf"),
  "Sans-Bold": file("noto-sans", "700Bold/NotoSans_700Bold.ttf"),
  Arabic: file("noto-sans-arabic", "400Regular/NotoSansArabic_400Regular.ttf"),
  "Arabic-Bold": file("noto-sans-arabic", "700Bold/NotoSansArabic_700Bold.ttf"),
} as const;
export type FontName = keyof typeof FONT_FILES;

/** Arabic letters, marks, digits and presentation forms: set in the Arabic font. */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

export function isArabic(char: string): boolean {
  return ARABIC.test(char);
}

export function fontOf(char: string, bold: boolean): FontName {
  if (isArabic(char)) return bold ? "Arabic-Bold" : "Arabic";
  return bold ? "Sans-Bold" : "Sans";
}

// Widths outside a document (the chart library measures its labels with them).
const opened = new Map<FontName, fontkit.Font>();
export function fontkitFont(name: FontName): fontkit.Font {
  let font = opened.get(name);
  if (!font) {
    font = fontkit.openSync(FONT_FILES[name]) as fontkit.Font;
    opened.set(name, font);
  }
  return font;
}
