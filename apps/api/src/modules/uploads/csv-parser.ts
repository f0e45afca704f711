// A push-based RFC 4180 parser over decoded text: `,` or `;` separators, quoted fields with
// separators, doubled quotes and line breaks, CRLF / LF / CR line ends, blank lines skipped.
// Written here rather than taken from csv-parse because every error must name the line a record
// starts on, and csv-parse's line counter drifts after a quoted CRLF (measured: a record after
// `"x\r\ny"` was reported one line late) and it cannot go on after a misplaced quote.

const QUOTE = 34;
const LF = 10;
const CR = 13;

export interface CsvRecord {
  /** Line of the file on which the record starts (1-based). */
  line: number;
  fields: string[];
  /** The first syntax problem of the record, if any (its fields are then not to be trusted). */
  problem?: { reason: "bad_quote" | "unclosed_quote"; line: number; column: number };
}

enum State {
  /** At the start of a field. */
  Start,
  Unquoted,
  Quoted,
  /** Just read a quote inside a quoted field: a doubled quote or the closing one. */
  QuoteInQuoted,
  /** After the closing quote: only a separator or a line end may follow. */
  AfterQuoted,
}

export class CsvParser {
  /** Records completed by the last push/end; the caller empties it. */
  readonly records: CsvRecord[] = [];
  private state = State.Start;
  private field = "";
  private fields: string[] = [];
  private line = 1;
  private recordLine = 1;
  private fieldLine = 1;
  /** The previous text ended a line with CR: a LF that starts the next text belongs to it. */
  private skipLF = false;
  private problem: CsvRecord["problem"];
  private readonly separator: number;
  /** Where the text of the current field not yet added to `field` starts in the pushed text. */
  private start = 0;

  constructor(separator: "," | ";") {
    this.separator = separator.charCodeAt(0);
  }

  push(text: string): void {
    const n = text.length;
    let i = 0;
    this.start = 0;
    if (this.skipLF) {
      this.skipLF = false;
      if (n > 0 && text.charCodeAt(0) === LF) {
        // The CR was already counted as the line break. In a quoted field the LF stays part of
        // the value; outside one it is skipped.
        i = 1;
        if (this.state !== State.Quoted) this.start = 1;
      }
    }
    while (i < n) {
      switch (this.state) {
        case State.Start:
          i = this.fieldStart(text, i);
          break;
        case State.Unquoted:
          i = this.unquoted(text, i);
          break;
        case State.Quoted:
          i = this.quoted(text, i);
          break;
        case State.QuoteInQuoted:
          if (text.charCodeAt(i) === QUOTE) {
            this.field += '"';
            i++;
            this.start = i;
            this.state = State.Quoted;
          } else this.state = State.AfterQuoted;
          break;
        case State.AfterQuoted:
          i = this.afterQuoted(text, i);
          break;
      }
    }
    if (this.state === State.Unquoted || this.state === State.Quoted) this.field += text.slice(this.start, n);
  }

  /** At the start of a field (or of a blank line): where the text goes on. */
  private fieldStart(text: string, i: number): number {
    const c = text.charCodeAt(i);
    if (this.fields.length === 0) {
      if (c === LF || c === CR) {
        // A blank line between records.
        this.newLine(text, i);
        return i + (c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1);
      }
      this.recordLine = this.line;
    }
    this.fieldLine = this.line;
    if (c === QUOTE) {
      this.state = State.Quoted;
      i++;
    } else this.state = State.Unquoted;
    this.start = i;
    return i;
  }

  /** In an unquoted field: up to its separator or line end (or the end of the text). */
  private unquoted(text: string, i: number): number {
    const n = text.length;
    const sep = this.separator;
    let c = 0;
    while (i < n) {
      c = text.charCodeAt(i);
      if (c === sep || c === LF || c === CR || c === QUOTE) break;
      i++;
    }
    if (i === n) return i;
    if (c === QUOTE) {
      // A quote inside an unquoted field: kept as text, reported.
      this.report("bad_quote", this.line);
      return i + 1;
    }
    this.field += text.slice(this.start, i);
    this.endField();
    if (c === sep) {
      i++;
    } else {
      this.endRecord();
      this.newLine(text, i);
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    }
    this.start = i;
    return i;
  }

  /** In a quoted field: up to the next quote (or the end of the text), counting its line breaks. */
  private quoted(text: string, i: number): number {
    const n = text.length;
    let c = 0;
    while (i < n) {
      c = text.charCodeAt(i);
      if (c === QUOTE) break;
      if (c === LF) this.line++;
      else if (c === CR) {
        this.line++;
        if (i + 1 < n) {
          if (text.charCodeAt(i + 1) === LF) i++;
        } else this.skipLF = true;
      }
      i++;
    }
    if (i === n) return i;
    this.field += text.slice(this.start, i);
    i++;
    this.start = i;
    this.state = State.QuoteInQuoted;
    return i;
  }

  /** After a closing quote: a separator, a line end, or text reported and skipped. */
  private afterQuoted(text: string, i: number): number {
    const c = text.charCodeAt(i);
    if (c === this.separator) {
      this.endField();
      i++;
    } else if (c === LF || c === CR) {
      this.endField();
      this.endRecord();
      this.newLine(text, i);
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    } else {
      // Text after the closing quote: skipped up to the next separator or line end.
      this.report("bad_quote", this.line);
      return i + 1;
    }
    this.start = i;
    return i;
  }

  /** The end of the text: completes the last record. */
  end(): void {
    switch (this.state) {
      case State.Start:
        if (this.fields.length > 0) this.endField();
        break;
      case State.Quoted:
        this.report("unclosed_quote", this.fieldLine);
        this.endField();
        break;
      default:
        this.endField();
    }
    if (this.fields.length > 0) this.endRecord();
  }

  private newLine(text: string, i: number): void {
    this.line++;
    // A CR at the very end of this text may be the first half of a CRLF split across two pushes.
    if (text.charCodeAt(i) === CR && i + 1 === text.length) this.skipLF = true;
  }

  private report(reason: "bad_quote" | "unclosed_quote", line: number): void {
    this.problem ??= { reason, line, column: this.fields.length + 1 };
  }

  private endField(): void {
    this.fields.push(this.field);
    this.field = "";
    this.state = State.Start;
  }

  private endRecord(): void {
    const record: CsvRecord = { line: this.recordLine, fields: this.fields };
    if (this.problem) record.problem = this.problem;
    this.records.push(record);
    this.fields = [];
    this.problem = undefined;
    this.state = State.Start;
  }
}

/**
 * The separator of a file from its header line: `;` when it has more semicolons than commas
 * outside quotes, else `,`.
 */
export function detectSeparator(text: string): "," | ";" {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted) {
      if (c === "\n" || c === "\r") break;
      if (c === ",") commas++;
      else if (c === ";") semicolons++;
    }
  }
  return semicolons > commas ? ";" : ",";
}
