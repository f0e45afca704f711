import * as echarts from "echarts";
import SVGtoPDF from "svg-to-pdfkit";
import { FONT_FILES, type FontName, fontkitFont } from "./pdf-fonts.ts";
import { type Doc, shapedInput, tokenize, visualOrder } from "./pdf-text.ts";

// Charts as vector graphics: ECharts renders the chart to an SVG string on the server (its SSR
// mode, no browser, no canvas), and svg-to-pdfkit draws that SVG into the PDF as paths and text.
// ECharts measures its labels with the shipped fonts (setPlatformAPI), and each SVG label is
// rewritten into runs of one font in visual order (the same bidi rules as the PDF's own text),
// so Arabic labels are shaped and Latin ones keep their accents.

const CHART_FONT = "Noto Sans";

function measure(text: string, font?: string): { width: number } {
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font ?? "")?.[1] ?? 12);
  const bold = /\bbold\b|\b[6-9]00\b/.test(font ?? "");
  let width = 0;
  for (const token of tokenize(text, false, bold)) {
    const f = fontkitFont(token.font);
    width += (f.layout(token.text).advanceWidth * size) / f.unitsPerEm;
  }
  return { width };
}
echarts.setPlatformAPI({ measureText: measure as never });

const xmlUnescape = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, "&");
const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Each label `<text …>words</text>` as tspans of one font each, in visual order. Left-to-right
 * neighbours of one font share a tspan; a right-to-left word gets its own (fontkit reverses its
 * glyphs, and would carry a trailing space to the wrong side of the word).
 */
function labelRuns(svg: string, rtl: boolean): string {
  return svg.replace(/<text([^>]*)>([^<]*)<\/text>/g, (_, attrs: string, body: string) => {
    const bold = /font-weight:\s*(bold|[6-9]00)/.test(attrs);
    const runs: { font: FontName; text: string; ltr: boolean }[] = [];
    for (const token of visualOrder(tokenize(xmlUnescape(body), rtl, bold))) {
      const last = runs[runs.length - 1];
      const ltr = token.level % 2 === 0;
      if (last?.ltr && ltr && (token.space || last.font === token.font)) last.text += token.text;
      else runs.push({ font: token.font, text: token.space ? " " : shapedInput(token), ltr });
    }
    const spans = runs
      .map((r) => `<tspan style="font-family:${r.font}">${xmlEscape(r.text)}</tspan>`)
      .join("");
    const space = /xml:space=/.test(attrs) ? "" : ' xml:space="preserve"';
    return `<text${space}${attrs}>${spans}</text>`;
  });
}

/** The SVG of a chart, `width` × `height` points (one SVG pixel drawn as one point). */
function chartSvg(option: echarts.EChartsCoreOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width, height });
  try {
    chart.setOption({ animation: false, textStyle: { fontFamily: CHART_FONT }, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** Draws a chart at (x, y) of the current page. */
export function drawChart(
  doc: Doc,
  option: echarts.EChartsCoreOption,
  x: number,
  y: number,
  width: number,
  height: number,
  rtl: boolean,
): void {
  const svg = labelRuns(chartSvg(option, width, height), rtl);
  SVGtoPDF(doc, svg, x, y, {
    width,
    height,
    assumePt: true,
    // Labels name their font in their tspans (labelRuns); anything else is set in Noto Sans.
    fontCallback: (family: string, bold: boolean) =>
      family in FONT_FILES ? (family as FontName) : bold ? "Sans-Bold" : "Sans",
    warningCallback: () => {},
  });
}
