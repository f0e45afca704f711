// Finds the row of an identifier among a dimension's sorted identifiers, straight from the bytes of
// a CSV field: an open-addressing hash table over UTF-16 code units, so an ASCII field is looked up
// without building a string (5 million relationship cells per L bundle).

const EMPTY = -1;

export const NOT_ASCII = -3;

function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h;
}

export class IdentifierIndex {
  private readonly table: Int32Array;
  private readonly mask: number;

  constructor(readonly ids: readonly string[]) {
    let size = 16;
    while (size < ids.length * 2) size *= 2;
    this.table = new Int32Array(size).fill(EMPTY);
    this.mask = size - 1;
    for (let i = 0; i < ids.length; i++) {
      let slot = this.hashString(ids[i]!) & this.mask;
      while (this.table[slot] !== EMPTY) slot = (slot + 1) & this.mask;
      this.table[slot] = i;
    }
  }

  private hashString(s: string): number {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    return mix(h);
  }

  /** Row of `s`, or -1. */
  findString(s: string): number {
    let slot = this.hashString(s) & this.mask;
    for (;;) {
      const i = this.table[slot]!;
      if (i === EMPTY || this.ids[i] === s) return i;
      slot = (slot + 1) & this.mask;
    }
  }

  /** True when ids[i] equals the ASCII bytes [start, end); compares from the end, where
   *  sequential identifiers differ. */
  matches(i: number, b: Uint8Array, start: number, end: number): boolean {
    const id = this.ids[i];
    if (id === undefined || id.length !== end - start) return false;
    for (let k = end - start - 1; k >= 0; k--) if (id.charCodeAt(k) !== b[start + k]) return false;
    return true;
  }

  /** Row of the identifier in bytes [start, end), -1 when absent, NOT_ASCII when the field has
   *  non-ASCII bytes (then decode it and use findString). */
  findBytes(b: Uint8Array, start: number, end: number): number {
    let h = 0x811c9dc5;
    for (let k = start; k < end; k++) {
      const c = b[k]!;
      if (c >= 0x80) return NOT_ASCII;
      h = Math.imul(h ^ c, 0x01000193);
    }
    let slot = mix(h) & this.mask;
    for (;;) {
      const i = this.table[slot]!;
      if (i === EMPTY || this.matches(i, b, start, end)) return i;
      slot = (slot + 1) & this.mask;
    }
  }
}
