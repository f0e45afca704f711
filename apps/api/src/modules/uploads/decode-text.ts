import { TextDecoder } from "node:util";

export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be";

/** The encoding of a text file from its byte order mark (UTF-8 when it has none), and the BOM's length. */
export function detectEncoding(head: Uint8Array): { encoding: TextEncoding; bomLength: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: "utf-8", bomLength: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: "utf-16le", bomLength: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: "utf-16be", bomLength: 2 };
  return { encoding: "utf-8", bomLength: 0 };
}

/** A strict decoder: bytes that are not valid in the encoding throw instead of becoming U+FFFD. */
export function strictDecoder(encoding: TextEncoding): TextDecoder {
  return new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
}

/**
 * Whether the first bytes of a file look like text in a supported encoding: they decode strictly
 * (a character cut at the end of the sample is fine) and hold no NUL, which text never has and
 * binary files (or UTF-16 without a BOM) always do.
 */
export function looksLikeText(sample: Uint8Array): boolean {
  const { encoding, bomLength } = detectEncoding(sample);
  try {
    const text = strictDecoder(encoding).decode(sample.subarray(bomLength), { stream: true });
    return text.trim().length > 0 && !text.includes("\u0000");
  } catch {
    return false;
  }
}
