// A run's COPY bytes handed from the calculation thread, which builds them, to the main thread,
// which writes them to the database. Building and writing on one thread took turns: the socket
// is written only while the thread's event loop runs, so the database waited while the next
// chunk was built, and the thread waited while the database took the last one in. Here the
// thread builds while the main thread's event loop feeds the database, on the other core.
//
// Flow: per table a stream id; the thread posts each finished chunk (its memory moved, not
// copied, when the chunk owns it) and then the stream's end. What is in flight (posted, not yet
// written) is counted in a shared integer: the thread waits while it holds more than its limit
// (the run's inFlightMb, CALC_IN_FLIGHT_MB), so memory stays bounded whatever the database's
// pace. The main thread counts a chunk out once the COPY asks for the next one (it has then been
// written, or drained).

/** Chunks at least this large own their memory (BinaryCopyWriter, CopyWriter): moved, not copied. */
const OWN_MEMORY_BYTES = 1 << 20;

export type ChunkMessage =
  | { type: "chunk"; stream: number; bytes: Uint8Array }
  | { type: "end"; stream: number };

const kib = (bytes: Uint8Array) => Math.ceil(bytes.byteLength / 1024);

/** The thread's side: sends streams one after the other, chunk by chunk. */
export class ChunkSender {
  private nextId = 0;
  private readonly inFlight: Int32Array;

  constructor(
    credits: SharedArrayBuffer,
    private readonly post: (message: ChunkMessage, transfer: ArrayBuffer[]) => void,
    private readonly stopped: () => boolean,
    /** What may have been posted and not yet written, in KiB. */
    private readonly limitKb: number,
  ) {
    this.inFlight = new Int32Array(credits);
  }

  /** A new stream's id (streams are sent in the order their ids were taken). */
  open(): number {
    return this.nextId++;
  }

  /**
   * Posts every chunk of `chunks` as stream `id`, then its end, waiting while too much is in
   * flight. False when the run was asked to stop meanwhile (the stream is left unfinished).
   */
  send(id: number, chunks: Iterable<Uint8Array>): boolean {
    for (const chunk of chunks) {
      if (this.stopped()) return false;
      if (chunk.byteLength === 0) continue;
      for (;;) {
        const held = Atomics.load(this.inFlight, 0);
        if (held <= this.limitKb) break;
        if (this.stopped()) return false;
        Atomics.wait(this.inFlight, 0, held, 50);
      }
      Atomics.add(this.inFlight, 0, kib(chunk));
      const owns =
        chunk.buffer instanceof ArrayBuffer &&
        chunk.buffer.byteLength >= OWN_MEMORY_BYTES &&
        chunk.byteLength * 2 >= chunk.buffer.byteLength;
      this.post({ type: "chunk", stream: id, bytes: chunk }, owns ? [chunk.buffer as ArrayBuffer] : []);
    }
    this.post({ type: "end", stream: id }, []);
    return true;
  }
}

/** One stream on the main thread: the chunks that arrived, read once in order. */
class Stream {
  readonly queue: Uint8Array[] = [];
  ended = false;
  discarded = false;
  /** Set when the thread ended without finishing the stream: reading it throws this. */
  failure: Error | null = null;
  wake: (() => void) | null = null;
}

/** The main thread's side: the streams of a run, by id. */
export class ChunkStreams {
  private readonly streams = new Map<number, Stream>();
  private readonly inFlight: Int32Array;
  private discardingAll = false;
  private abandonment: Error | null = null;

  constructor(credits: SharedArrayBuffer) {
    this.inFlight = new Int32Array(credits);
  }

  private release(bytes: Uint8Array): void {
    Atomics.sub(this.inFlight, 0, kib(bytes));
    Atomics.notify(this.inFlight, 0);
  }

  private stream(id: number): Stream {
    let s = this.streams.get(id);
    if (!s) {
      s = new Stream();
      s.discarded = this.discardingAll;
      s.failure = this.abandonment;
      this.streams.set(id, s);
    }
    return s;
  }

  /** A message of the thread's ChunkSender. */
  receive(message: ChunkMessage): void {
    const s = this.stream(message.stream);
    if (message.type === "end") s.ended = true;
    else if (s.discarded) this.release(message.bytes);
    else s.queue.push(message.bytes);
    s.wake?.();
  }

  /** Stream `id`'s chunks as they arrive; leaving early discards the rest. */
  async *read(id: number): AsyncGenerator<Uint8Array> {
    const s = this.stream(id);
    let current: Uint8Array | undefined;
    try {
      for (;;) {
        current = s.queue.shift();
        if (current) {
          yield current;
          this.release(current);
          current = undefined;
          continue;
        }
        if (s.ended) return;
        if (s.failure) throw s.failure;
        await new Promise<void>((resolve) => {
          s.wake = resolve;
        });
        s.wake = null;
      }
    } finally {
      if (current) this.release(current);
      this.discard(s);
    }
  }

  /**
   * The thread ended (stopped, failed or gone): a stream it did not finish can never be, and
   * reading it throws `reason` (the COPY is abandoned, its transaction rolled back).
   */
  abandon(reason: Error): void {
    this.abandonment = reason;
    for (const s of this.streams.values()) {
      if (s.ended) continue;
      s.failure = reason;
      s.wake?.();
    }
  }

  /** Every stream, read or not: what arrives is dropped (the run's publication failed). */
  discardAll(): void {
    this.discardingAll = true;
    for (const s of this.streams.values()) this.discard(s);
  }

  private discard(s: Stream): void {
    s.discarded = true;
    for (const chunk of s.queue.splice(0)) this.release(chunk);
  }
}
