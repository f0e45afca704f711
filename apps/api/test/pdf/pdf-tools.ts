import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Reading the PDFs back as a reader would: Debian's poppler-utils (pdfinfo, pdftotext, pdftoppm),
// which CI installs (.ci/run). Extracted text is returned without the direction marks pdftotext
// puts around right-to-left lines, and with runs of spaces collapsed.

interface PdfFacts {
  pages: number;
  text: string;
  /** Page size in points, [width, height], of the first page. */
  size: [number, number];
  fonts: string;
}

export function readPdf(pdf: Buffer, keepAs?: string): PdfFacts {
  const dir = mkdtempSync(join(tmpdir(), "costflow-pdf-"));
  try {
    const file = join(dir, "report.pdf");
    writeFileSync(file, pdf);
    if (keepAs) writeFileSync(keepAs, pdf);
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    const size = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info)!;
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" })
      .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
      .replace(/[ \t]+/g, " ");
    const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" });
    return { pages, text, size: [Number(size[1]), Number(size[2])], fonts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
