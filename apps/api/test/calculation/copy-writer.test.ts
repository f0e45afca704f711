import { describe, expect, it } from "vitest";
import { CopyWriter } from "../../src/lib/copy-writer.ts";

// The COPY text the calculation thread writes, byte for byte (PostgreSQL's text format).

const text = (write: (out: CopyWriter) => void) => {
  const out = new CopyWriter();
  write(out);
  return Buffer.concat(out.flush()).toString("latin1");
};

describe("CopyWriter", () => {
  it("writes integers as 4-byte big-endian bytea in hex, the backslash escaped for COPY", () => {
    expect(text((out) => out.int32Bytes([0, 1, 70_000, 2 ** 31 - 1, -1]))).toBe(
      "\\\\x0000000000000001000111707fffffffffffffff",
    );
    expect(text((out) => out.int32Bytes([]))).toBe("\\\\x");
  });

  it("writes rows with escapes, nulls, integers and arrays", () => {
    expect(
      text((out) => {
        out.line(["a\tb\\c\nd", null, -42, true, 1.5]);
        out.intArray([3, -2, 0]);
        out.end();
      }),
    ).toBe("a\\tb\\\\c\\nd\t\\N\t-42\tt\t1.5\n{3,-2,0}\n");
  });

  it("starts a new chunk for a value longer than a chunk", () => {
    const out = new CopyWriter();
    out.int32Bytes(new Int32Array(1 << 20));
    const chunks = out.flush();
    expect(Buffer.concat(chunks).length).toBe(3 + 8 * (1 << 20));
  });
});
