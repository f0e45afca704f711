import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldText } from "../../src/bundle/csv-fields.ts";
import { CsvScanner } from "../../src/bundle/csv-scanner.ts";

interface Parsed {
  records: { line: number; fields: string[]; fieldLines: number[] }[];
  errors: string[];
}

/** Scans `bytes` fed in chunks of `chunk` bytes. */
function scan(bytes: Uint8Array, chunk = bytes.length || 1): Parsed {
  const out: Parsed = { records: [], errors: [] };
  const scanner = new CsvScanner({
    record(s) {
      const fields = Array.from({ length: s.count }, (_, k) => fieldText(s, k));
      out.records.push({ line: s.line, fields, fieldLines: Array.from(s.fieldLines.subarray(0, s.count)) });
    },
    syntaxError(line, field, message) {
      out.errors.push(`${line}:${field}: ${message}`);
    },
  });
  for (let i = 0; i < bytes.length; i += chunk) scanner.push(bytes.subarray(i, i + chunk));
  scanner.end();
  return out;
}

const utf8 = (s: string) => new TextEncoder().encode(s);

describe("CsvScanner", () => {
  const tricky = '\ufeffa,b,c\r\n1,"x, y","say ""hi"""\r\n\r\n2,"multi\nline",é€😀\n3,,\r4,"",last';

  it("handles BOM, CRLF, CR, blank lines, quotes, doubled quotes, quoted newlines and UTF-8", () => {
    const { records, errors } = scan(utf8(tricky));
    expect(errors).toEqual([]);
    expect(records.map((r) => r.fields)).toEqual([
      ["a", "b", "c"],
      ["1", "x, y", 'say "hi"'],
      ["2", "multi\nline", "é€😀"],
      ["3", "", ""],
      ["4", "", "last"],
    ]);
    expect(records.map((r) => r.line)).toEqual([1, 2, 4, 6, 7]);
    expect(records[2]!.fieldLines).toEqual([4, 4, 5]);
  });

  it("gives the same records for every chunk size", () => {
    const bytes = utf8(tricky);
    const whole = scan(bytes);
    for (let chunk = 1; chunk <= bytes.length; chunk++) expect(scan(bytes, chunk)).toEqual(whole);
  });

  it("reports stray quotes once, with line and field", () => {
    const bytes = utf8('a,b\n1,2"3\n"4"x,5\n');
    for (const chunk of [1, 2, 3, 100]) {
      expect(scan(bytes, chunk).errors).toEqual([
        '2:2: A quote (") inside an unquoted field',
        "3:1: Unexpected text after a closing quote",
      ]);
    }
    expect(scan(utf8('a\n"open'), 1).errors).toEqual(["2:1: Unclosed quoted field"]);
  });

  it("keeps a trailing empty field and ignores a missing final newline", () => {
    expect(scan(utf8("a,b\n1,")).records.map((r) => r.fields)).toEqual([
      ["a", "b"],
      ["1", ""],
    ]);
  });

  it("property: quoting any fields round-trips through any chunking", () => {
    const cell = fc.string({
      unit: fc.constantFrom("a", "1", ",", '"', "\n", "\r\n", " ", "é", "😀"),
      maxLength: 6,
    });
    const table = fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(table, fc.integer({ min: 1, max: 7 }), fc.boolean(), (rows, chunk, crlf) => {
        const text = rows
          .map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(","))
          .join(crlf ? "\r\n" : "\n");
        const parsed = scan(utf8(text), chunk);
        expect(parsed.errors).toEqual([]);
        expect(parsed.records.map((r) => r.fields)).toEqual(rows);
      }),
      { numRuns: 300 },
    );
  });
});
