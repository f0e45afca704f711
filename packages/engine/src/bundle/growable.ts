// Typed-array builders for record columns of unknown length.

export class GrowableFloat64 {
  data: Float64Array;
  length = 0;

  constructor(capacity: number) {
    this.data = new Float64Array(Math.max(16, capacity));
  }

  push(v: number): void {
    if (this.length === this.data.length) this.data = grow(this.data, new Float64Array(this.data.length * 2));
    this.data[this.length++] = v;
  }

  /** Grows the capacity to at least n now (one copy instead of several doublings). */
  reserve(n: number): void {
    if (n > this.data.length) this.data = grow(this.data, new Float64Array(n));
  }

  /** Exact-length column: a view when the spare capacity is small (no copy), else a copy. */
  finish(): Float64Array {
    return this.data.length - this.length <= this.length >> 4
      ? this.data.subarray(0, this.length)
      : this.data.slice(0, this.length);
  }
}

export class GrowableInt32 {
  data: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(16, capacity));
  }

  push(v: number): void {
    if (this.length === this.data.length) this.data = grow(this.data, new Int32Array(this.data.length * 2));
    this.data[this.length++] = v;
  }

  reserve(n: number): void {
    if (n > this.data.length) this.data = grow(this.data, new Int32Array(n));
  }

  finish(): Int32Array {
    return this.data.length - this.length <= this.length >> 4
      ? this.data.subarray(0, this.length)
      : this.data.slice(0, this.length);
  }
}

function grow<T extends Float64Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
