// Streaming RFC 4180 scanner over UTF-8 bytes. It never builds a string itself: for each record it
// exposes the field boundaries in the current buffer, so callers parse numbers straight from bytes
// and decode only the fields they keep as text. Handles a UTF-8 BOM, quoted fields with commas,
// newlines and doubled quotes, CRLF / LF / CR line ends, and records split across chunks
// (the unfinished tail is carried into the next chunk). Blank lines are skipped.

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/** 1 for the bytes that end or disturb an unquoted field. */
const SPECIAL = new Uint8Array(256);
SPECIAL[QUOTE] = 1;
SPECIAL[COMMA] = 1;
SPECIAL[LF] = 1;
SPECIAL[CR] = 1;

/** Field flag: the field was quoted. */
const QUOTED = 1;
/** Field flag: the quoted field contains doubled quotes ("") to unescape. */
export const ESCAPED = 2;

interface CsvRecordHandler {
  /** Called once per record; read the record through the scanner's public fields. */
  record(scanner: CsvScanner): void;
  /** A syntax problem at (line, 1-based field number); scanning continues. */
  syntaxError(line: number, field: number, message: string): void;
}

const EMPTY = Buffer.alloc(0);

/** Longest record (bytes) a scanner carries over between chunks, by default. */
const MAX_RECORD_BYTES = 4 << 20;

/**
 * A record longer than the scanner's limit: reported through syntaxError, then thrown so that
 * reading stops (an unfinished record is copied and rescanned with every chunk, so an endless
 * one — a hostile file of one line — would cost time quadratic in its length).
 */
export class RecordTooLongError extends Error {
  constructor(
    readonly line: number,
    readonly maximum: number,
  ) {
    super(`A record longer than ${maximum} bytes starts on line ${line}`);
    this.name = "RecordTooLongError";
  }
}

export class CsvScanner {
  /** Buffer holding the current record's bytes. */
  buf: Buffer = EMPTY;
  /** Number of fields of the current record. */
  count = 0;
  /** Byte range [starts[k], ends[k]) of field k (quotes excluded). */
  starts = new Int32Array(16);
  ends = new Int32Array(16);
  flags = new Uint8Array(16);
  /** Line on which field k starts (differs from `line` after a quoted newline). */
  fieldLines = new Int32Array(16);
  /** Line on which the current record starts. */
  line = 1;
  /** Bytes pushed so far (for progress). */
  bytes = 0;
  /** Byte offset in the whole input just after the current record (for size estimates). */
  recordEnd = 0;

  private nextLine = 1;
  private tail: Buffer | null = null;
  private atStart = true;
  /** The previous chunk ended with CR: a LF at the start of the next one belongs to it. */
  private pendingCR = false;
  private readonly errors: { line: number; field: number; message: string }[] = [];

  constructor(
    private readonly handler: CsvRecordHandler,
    private readonly maxRecordBytes = MAX_RECORD_BYTES,
  ) {}

  push(chunk: Uint8Array): void {
    this.bytes += chunk.byteLength;
    let buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.tail) {
      // Checked before the copy and the rescan, which are what an endless record makes costly.
      if (this.tail.length + buf.length > this.maxRecordBytes) this.recordTooLong();
      buf = Buffer.concat([this.tail, buf]);
      this.tail = null;
    }
    this.scan(buf, false);
    // scan() leaves the unfinished record in this.tail.
    const unfinished = this.tail as Buffer | null;
    if (unfinished && unfinished.length > this.maxRecordBytes) this.recordTooLong();
  }

  private recordTooLong(): never {
    const line = this.nextLine;
    this.handler.syntaxError(line, 1, `A record longer than ${this.maxRecordBytes} bytes`);
    throw new RecordTooLongError(line, this.maxRecordBytes);
  }

  end(): void {
    const tail = this.tail;
    this.tail = null;
    if (tail) this.scan(tail, true);
  }

  private grow(): void {
    const n = this.starts.length * 2;
    const grow32 = (a: Int32Array) => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.starts = grow32(this.starts);
    this.ends = grow32(this.ends);
    this.fieldLines = grow32(this.fieldLines);
    const f = new Uint8Array(n);
    f.set(this.flags);
    this.flags = f;
  }

  private scan(b: Buffer, final: boolean): void {
    const len = b.length;
    let p = 0;
    if (this.atStart) {
      if (len < 3 && !final) {
        this.tail = b;
        return;
      }
      this.atStart = false;
      if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) p = 3;
    }
    if (this.pendingCR && len > 0) {
      this.pendingCR = false;
      if (b[0] === LF) p++;
    }
    this.buf = b;
    let line = this.nextLine;
    let recordStart = p;
    let recordLine = line;
    const errors = this.errors;

    record: while (p < len) {
      recordStart = p;
      recordLine = line;
      if (errors.length > 0) errors.length = 0;
      let c = b[p]!;
      // Blank line (LF, CR or CRLF alone): skipped.
      if (c === LF || c === CR) {
        p++;
        line++;
        if (c === CR) {
          if (p < len) {
            if (b[p] === LF) p++;
          } else if (!final) this.pendingCR = true;
        }
        continue;
      }
      let n = 0;
      for (;;) {
        if (n === this.starts.length) this.grow();
        this.fieldLines[n] = line;
        let flags = 0;
        let start: number;
        let end: number;
        if (p < len && b[p] === QUOTE) {
          flags = QUOTED;
          p++;
          start = p;
          for (;;) {
            if (p >= len) {
              if (!final) break record;
              errors.push({ line: this.fieldLines[n]!, field: n + 1, message: "Unclosed quoted field" });
              end = len;
              break;
            }
            c = b[p]!;
            if (c === QUOTE) {
              if (p + 1 >= len && !final) break record;
              if (b[p + 1] === QUOTE) {
                flags |= ESCAPED;
                p += 2;
                continue;
              }
              end = p;
              p++;
              break;
            }
            if (c === LF) line++;
            else if (c === CR && b[p + 1] !== LF) line++;
            p++;
          }
          // After the closing quote only a separator or a line end may follow.
          if (p < len) {
            c = b[p]!;
            if (c !== COMMA && c !== LF && c !== CR) {
              errors.push({ line, field: n + 1, message: "Unexpected text after a closing quote" });
              while (p < len && b[p] !== COMMA && b[p] !== LF && b[p] !== CR) p++;
              if (p >= len && !final) break record;
            }
          }
        } else {
          start = p;
          for (;;) {
            // One table lookup per ordinary byte; the four special bytes are sorted out after.
            while (p < len && SPECIAL[b[p]!] === 0) p++;
            if (p >= len) break;
            c = b[p]!;
            if (c !== QUOTE) break;
            errors.push({ line, field: n + 1, message: 'A quote (") inside an unquoted field' });
            p++;
          }
          if (p >= len && !final) break record;
          end = p;
        }
        this.starts[n] = start;
        this.ends[n] = end;
        this.flags[n] = flags;
        n++;
        if (p >= len) break;
        c = b[p]!;
        p++;
        if (c === COMMA) {
          if (p >= len && !final) break record;
          continue;
        }
        // Line end.
        line++;
        if (c === CR) {
          if (p < len) {
            if (b[p] === LF) p++;
          } else if (!final) this.pendingCR = true;
        }
        break;
      }
      for (const e of errors) this.handler.syntaxError(e.line, e.field, e.message);
      this.count = n;
      this.line = recordLine;
      // `b` always ends at the last byte pushed, whatever tail it starts with.
      this.recordEnd = this.bytes - len + p;
      this.handler.record(this);
      recordStart = p;
      recordLine = line;
    }
    if (recordStart < len) {
      // Incomplete record: carry its bytes (and its starting line) into the next chunk; it is
      // scanned again from its start, so its syntax errors are reported once, when complete.
      this.tail = Buffer.from(b.subarray(recordStart));
      this.nextLine = recordLine;
      this.pendingCR = false;
      return;
    }
    this.nextLine = line;
  }
}
