import type { EChartsCoreOption } from "echarts";
import PDFDocument from "pdfkit";
import { drawChart } from "./pdf-charts.ts";
import { FONT_FILES, type FontName } from "./pdf-fonts.ts";
import { type TextStyle, TextWriter } from "./pdf-text.ts";
import { patchEmbeddedFont } from "./pdf-unicode.ts";

// The page layout of every PDF: A4 portrait or landscape, a running header (report title on the
// reading side; scenario, period and currency on the other), page numbers in the footer, and a
// cursor that flows blocks down the page, starting a new page when the next piece does not fit.
// Tables repeat their header row on every page they run onto. Pages are kept until the end
// (PDFKit's bufferPages) so the footer can say "page n of N".

interface PageHeader {
  title: string;
  /** Scenario name, period and currency, already worded in the document's language. */
  context: string;
  pageLabel: (page: number, pages: number) => string;
}

export interface TableColumn {
  label: string;
  /** Share of the table's width. */
  weight: number;
  numeric?: boolean;
}

interface TableOptions {
  /** Row indexes drawn bold (totals). */
  boldRows?: Set<number>;
}

const COLORS = {
  text: "#1f2937",
  muted: "#6b7280",
  rule: "#d1d5db",
  headerFill: "#eef2f7",
  stripe: "#f8fafc",
  accent: "#1c7ed6",
};

export class PdfLayout {
  readonly doc: PDFKit.PDFDocument;
  readonly text: TextWriter;
  readonly margin = 40;
  private readonly headerSpace = 44;
  private readonly footerSpace = 34;
  y: number;

  constructor(
    readonly rtl: boolean,
    orientation: "portrait" | "landscape",
    private readonly header: PageHeader,
    info: { title: string; language: string },
  ) {
    this.doc = new PDFDocument({
      size: "A4",
      layout: orientation,
      margin: 0,
      bufferPages: true,
      autoFirstPage: true,
      lang: info.language,
      info: { Title: info.title, Creator: "Costflow", Producer: "Costflow" },
    });
    for (const [name, file] of Object.entries(FONT_FILES)) {
      this.doc.registerFont(name, file);
      this.doc.font(name as FontName);
      patchEmbeddedFont(this.doc);
    }
    this.text = new TextWriter(this.doc, rtl);
    this.y = this.top;
  }

  get left() {
    return this.margin;
  }
  get width() {
    return this.doc.page.width - 2 * this.margin;
  }
  get top() {
    return this.margin + this.headerSpace;
  }
  get bottom() {
    return this.doc.page.height - this.margin - this.footerSpace;
  }
  get pages() {
    return this.doc.bufferedPageRange().count;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = this.top;
  }

  /** Room for `height` points on this page, or a new page. */
  ensure(height: number): void {
    if (this.y + height > this.bottom && this.y > this.top) this.newPage();
  }

  space(points: number): void {
    this.y += points;
  }

  /** A heading kept on one page with the first `room` points of what follows it. */
  heading(text: string, level: 1 | 2 = 2, room = 60): void {
    const size = level === 1 ? 18 : 13;
    this.ensure(size * 2.6 + room);
    this.y += level === 1 ? 4 : 8;
    for (const line of this.text.wrap(text, this.width, { size, bold: true })) {
      this.text.line(line, this.left, this.y + size, this.width, { size, bold: true, color: COLORS.text });
      this.y += size * 1.35;
    }
    if (level === 1) {
      this.doc.moveTo(this.left, this.y + 2).lineTo(this.left + this.width, this.y + 2);
      this.doc.lineWidth(1).strokeColor(COLORS.accent).stroke();
      this.y += 8;
    }
    this.y += 4;
  }

  paragraph(text: string, style: TextStyle = { size: 10 }): void {
    const lineHeight = style.size * 1.45;
    for (const line of this.text.wrap(text, this.width, style)) {
      this.ensure(lineHeight);
      this.text.line(line, this.left, this.y + style.size, this.width, { color: COLORS.text, ...style });
      this.y += lineHeight;
    }
    this.y += 4;
  }

  note(text: string): void {
    this.paragraph(text, { size: 9, color: COLORS.muted });
  }

  /** Labelled figures in boxes, three (four in landscape) to a row. */
  keyFigures(items: { label: string; value: string }[]): void {
    const perRow = this.width > 600 ? 4 : 3;
    const gap = 8;
    const boxW = (this.width - gap * (perRow - 1)) / perRow;
    const boxH = 46;
    for (let i = 0; i < items.length; i += perRow) {
      this.ensure(boxH + gap);
      items.slice(i, i + perRow).forEach((item, k) => {
        const slot = this.rtl ? perRow - 1 - k : k;
        const x = this.left + slot * (boxW + gap);
        this.doc.roundedRect(x, this.y, boxW, boxH, 4).fillAndStroke(COLORS.stripe, COLORS.rule);
        const inner = boxW - 16;
        this.text.line(this.text.fit(item.label, inner, { size: 8.5 }), x + 8, this.y + 15, inner, {
          size: 8.5,
          color: COLORS.muted,
        });
        this.text.line(
          this.text.fit(item.value, inner, { size: 13, bold: true }),
          x + 8,
          this.y + 35,
          inner,
          {
            size: 13,
            bold: true,
          },
        );
      });
      this.y += boxH + gap;
    }
    this.y += 4;
  }

  /** A table; its header row is drawn again at the top of every page it continues on. */
  table(columns: TableColumn[], rows: string[][], options: TableOptions = {}): void {
    const size = columns.length > 8 ? 7.5 : 8.5;
    const rowH = size * 2.1;
    const total = columns.reduce((a, c) => a + c.weight, 0);
    const widths = columns.map((c) => (this.width * c.weight) / total);
    // Column k's left edge: columns run from the reading side.
    const lefts: number[] = [];
    let at = 0;
    for (const w of widths) {
      lefts.push(this.rtl ? this.left + this.width - at - w : this.left + at);
      at += w;
    }
    const pad = 4;
    const drawRow = (cells: string[], bold: boolean, fill: string | null) => {
      if (fill) this.doc.rect(this.left, this.y, this.width, rowH).fill(fill);
      cells.forEach((cell, k) => {
        const inner = widths[k]! - 2 * pad;
        const style = { size, bold, color: COLORS.text };
        const textValue = this.text.fit(cell, inner, style);
        this.text.line(
          textValue,
          lefts[k]! + pad,
          this.y + rowH / 2 + size * 0.36,
          inner,
          style,
          columns[k]!.numeric ? "end" : "start",
        );
      });
      this.y += rowH;
    };
    const drawHeader = () => {
      const labelSize = size;
      // Header labels may wrap to two lines.
      const wrapped = columns.map((c, k) =>
        this.text.wrap(c.label, widths[k]! - 2 * pad, { size: labelSize, bold: true }).slice(0, 2),
      );
      const lines = Math.max(1, ...wrapped.map((w) => w.length));
      const h = rowH + (lines - 1) * labelSize * 1.2;
      this.doc.rect(this.left, this.y, this.width, h).fill(COLORS.headerFill);
      wrapped.forEach((ls, k) => {
        ls.forEach((line, n) => {
          this.text.line(
            line,
            lefts[k]! + pad,
            this.y + rowH / 2 + labelSize * 0.36 + n * labelSize * 1.2,
            widths[k]! - 2 * pad,
            { size: labelSize, bold: true, color: COLORS.text },
            columns[k]!.numeric ? "end" : "start",
          );
        });
      });
      this.y += h;
      this.doc
        .moveTo(this.left, this.y)
        .lineTo(this.left + this.width, this.y)
        .lineWidth(0.6)
        .strokeColor(COLORS.rule)
        .stroke();
    };
    this.ensure(rowH * 3);
    drawHeader();
    rows.forEach((row, i) => {
      if (this.y + rowH > this.bottom) {
        this.newPage();
        drawHeader();
      }
      drawRow(row, options.boldRows?.has(i) ?? false, i % 2 === 1 ? COLORS.stripe : null);
    });
    this.doc
      .moveTo(this.left, this.y)
      .lineTo(this.left + this.width, this.y)
      .lineWidth(0.6)
      .strokeColor(COLORS.rule)
      .stroke();
    this.y += 10;
  }

  /** A chart the width of the page, `height` points high. */
  chart(option: EChartsCoreOption, height: number): void {
    this.ensure(height);
    drawChart(this.doc, option, this.left, this.y, this.width, height, this.rtl);
    this.y += height + 6;
  }

  /** Headers and page numbers on every page; then the document is ended. */
  finish(): number {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      const top = this.margin;
      const half = this.width / 2 - 6;
      const style = { size: 8.5, color: COLORS.muted };
      const startX = this.rtl ? this.left + this.width - half : this.left;
      const endX = this.rtl ? this.left : this.left + this.width - half;
      this.text.line(
        this.text.fit(this.header.title, half, { ...style, bold: true }),
        startX,
        top + 10,
        half,
        { ...style, bold: true, color: COLORS.text },
      );
      this.text.line(this.text.fit(this.header.context, half, style), endX, top + 10, half, style, "end");
      this.doc
        .moveTo(this.left, top + 18)
        .lineTo(this.left + this.width, top + 18)
        .lineWidth(0.6)
        .strokeColor(COLORS.rule)
        .stroke();
      const footY = this.doc.page.height - this.margin - 6;
      this.text.line(
        this.header.pageLabel(i - start + 1, count),
        this.left,
        footY,
        this.width,
        style,
        "center",
      );
    }
    this.doc.end();
    return count;
  }
}
