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
