// Several large Float64Arrays carved out of one ArrayBuffer. V8 counts every new ArrayBuffer as
// external memory and starts a full marking of the heap (the model's millions of identifier
// strings) each time that count grows by about 64 MB; a family of arrays allocated together (the
// P&L lines of every dimension, the per-record totals of the dimensions, calculated-driver values)
// then triggers one marking instead of one per few arrays. The arrays are ordinary views: read
// them with their byteOffset and byteLength, never through `.buffer` alone.

/** Zeroed arrays of the given lengths, views into one buffer, in order. */
export function float64Block(lengths: readonly number[]): Float64Array[] {
  let total = 0;
  for (const n of lengths) total += n;
  const buffer = new ArrayBuffer(total * Float64Array.BYTES_PER_ELEMENT);
  const arrays: Float64Array[] = [];
  let offset = 0;
  for (const n of lengths) {
    arrays.push(new Float64Array(buffer, offset * Float64Array.BYTES_PER_ELEMENT, n));
    offset += n;
  }
  return arrays;
}

/**
 * Copies handed out from large chunks (same reason as float64Block): each chunk holds at least
 * `chunk` numbers; a copy that does not fit the current chunk's rest starts a new one.
 */
export class Float64Slab {
  private current = new Float64Array(0);
  private used = 0;

  constructor(private readonly chunk: number) {}

  /** A copy of `vector` (a view into a chunk). */
  copy(vector: Float64Array, chunk = this.chunk): Float64Array {
    const n = vector.length;
    if (this.current.length - this.used < n) {
      this.current = new Float64Array(Math.max(n, chunk));
      this.used = 0;
    }
    const out = this.current.subarray(this.used, this.used + n);
    out.set(vector);
    this.used += n;
    return out;
  }
}

/** Where large zeroed typed arrays come from. */
export interface Allocator {
  float64(n: number): Float64Array<ArrayBuffer>;
  int32(n: number): Int32Array<ArrayBuffer>;
  uint32(n: number): Uint32Array<ArrayBuffer>;
  uint16(n: number): Uint16Array<ArrayBuffer>;
  uint8(n: number): Uint8Array<ArrayBuffer>;
}

/** One ArrayBuffer per array. */
export const HEAP: Allocator = {
  float64: (n) => new Float64Array(n),
  int32: (n) => new Int32Array(n),
  uint32: (n) => new Uint32Array(n),
  uint16: (n) => new Uint16Array(n),
  uint8: (n) => new Uint8Array(n),
};

const FIRST_CHUNK = 8 << 20;
const LAST_CHUNK = 256 << 20;

/**
 * The working arrays of one calculation (weight columns, child lists and path maps, push and
 * splitter buffers), all alive until it ends: carved from chunks that grow from 8 MB to 256 MB,
 * so that a few allocations stand for hundreds of megabytes (see float64Block). Never hand these
 * arrays out in a result: they keep their whole chunk alive.
 */
export class Arena implements Allocator {
  private chunk = new ArrayBuffer(0);
  private used = 0;
  private next: number;

  /** `first`: bytes of the first chunk (grown to at least 8 MB, at most 256 MB). */
  constructor(first = FIRST_CHUNK) {
    this.next = Math.min(LAST_CHUNK, Math.max(FIRST_CHUNK, first));
  }

  private take(bytes: number): [ArrayBuffer, number] {
    const size = Math.ceil(bytes / 8) * 8;
    if (this.chunk.byteLength - this.used < size) {
      this.chunk = new ArrayBuffer(Math.max(size, this.next));
      this.used = 0;
      this.next = Math.min(LAST_CHUNK, this.next * 2);
    }
    const at = this.used;
    this.used += size;
    return [this.chunk, at];
  }

  float64(n: number): Float64Array<ArrayBuffer> {
    const [buffer, at] = this.take(n * 8);
    return new Float64Array(buffer, at, n);
  }

  int32(n: number): Int32Array<ArrayBuffer> {
    const [buffer, at] = this.take(n * 4);
    return new Int32Array(buffer, at, n);
  }

  uint32(n: number): Uint32Array<ArrayBuffer> {
    const [buffer, at] = this.take(n * 4);
    return new Uint32Array(buffer, at, n);
  }

  uint16(n: number): Uint16Array<ArrayBuffer> {
    const [buffer, at] = this.take(n * 2);
    return new Uint16Array(buffer, at, n);
  }

  uint8(n: number): Uint8Array<ArrayBuffer> {
    const [buffer, at] = this.take(n);
    return new Uint8Array(buffer, at, n);
  }
}
