import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvParser, type CsvRecord, detectSeparator } from "../../src/modules/uploads/csv-parser.ts";

function parse(text: string | string[], separator: "," | ";" = ","): CsvRecord[] {
  const parser = new CsvParser(separator);
  for (const chunk of Array.isArray(text) ? text : [text]) parser.push(chunk);
  parser.end();
  return parser.records;
}
const rows = (records: CsvRecord[]) => records.map((r) => [r.line, r.fields]);

describe("CsvParser", () => {
  it("reads LF, CRLF and CR line ends, with or without a last line end", () => {
    expect(rows(parse("a,b\n1,2\n"))).toEqual([
      [1, ["a", "b"]],
      [2, ["1", "2"]],
    ]);
    expect(rows(parse("a,b\r\n1,2"))).toEqual([
      [1, ["a", "b"]],
      [2, ["1", "2"]],
    ]);
    expect(rows(parse("a,b\r1,2\r"))).toEqual([
      [1, ["a", "b"]],
      [2, ["1", "2"]],
    ]);
  });

  it("keeps separators, doubled quotes and line breaks inside quotes, and counts the lines", () => {
    const records = parse('a,b\r\n1,"x, ""y""\r\nz"\r\n\r\n2,"\n"\n3,""\n');
    expect(rows(records)).toEqual([
      [1, ["a", "b"]],
      [2, ["1", 'x, "y"\r\nz']],
      [5, ["2", "\n"]],
      [7, ["3", ""]],
    ]);
  });

  it("skips blank lines but counts them, and keeps empty trailing fields", () => {
    expect(rows(parse("\n\na,b,\n\n1,,\n"))).toEqual([
      [3, ["a", "b", ""]],
      [5, ["1", "", ""]],
    ]);
  });

  it("reads semicolon-separated text", () => {
    expect(rows(parse('a;b\n"1;5";2,5\n', ";"))).toEqual([
      [1, ["a", "b"]],
      [2, ["1;5", "2,5"]],
    ]);
  });

  it("reports a stray quote and an unclosed quote with their line and column, then goes on", () => {
    const records = parse('a,b\n1,x"y\n2,"z"w\n3,"open\n4,5\n');
    expect(records.map((r) => [r.line, r.problem])).toEqual([
      [1, undefined],
      [2, { reason: "bad_quote", line: 2, column: 2 }],
      [3, { reason: "bad_quote", line: 3, column: 2 }],
      [4, { reason: "unclosed_quote", line: 4, column: 2 }],
    ]);
  });

  it("gives the same records however the text is cut into chunks", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "b", ",", ";", '"', "\n", "\r", " ", "é") });
    const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 });
    const quote = (text: string) =>
      /[",;\r\n]/.test(text) || text === "" ? `"${text.replaceAll('"', '""')}"` : text;
    fc.assert(
      fc.property(
        table,
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.constantFrom("\n", "\r\n", "\r"),
        (records, cuts, eol) => {
          const text = records.map((fields) => fields.map(quote).join(",")).join(eol) + eol;
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const chunks: string[] = [];
          let from = 0;
          for (const p of points) {
            chunks.push(text.slice(from, p));
            from = p;
          }
          chunks.push(text.slice(from));
          const whole = parse(text);
          expect(whole.map((r) => r.fields)).toEqual(records);
          expect(parse(chunks)).toEqual(whole);
          // Each record starts one line after the line breaks of the records before it.
          let line = 1;
          for (const [i, fields] of records.entries()) {
            expect(whole[i]!.line).toBe(line);
            const breaks = fields.reduce((n, f) => n + (f.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
            line += breaks + 1;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("detectSeparator", () => {
  it("takes the separator the header line uses most, outside quotes", () => {
    expect(detectSeparator("a,b,c\n1;2;3;4;5")).toBe(",");
    expect(detectSeparator("a;b;c\n1,2")).toBe(";");
    expect(detectSeparator('"a,b,c";d;e\n')).toBe(";");
    expect(detectSeparator("identifier\n")).toBe(",");
  });
});
