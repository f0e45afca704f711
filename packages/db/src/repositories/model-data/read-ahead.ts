/**
 * The pieces of `source`, read ahead of the consumer up to `maxBytes`: while the consumer works on
 * one piece (encodes it, compresses it), the next ones are already being received, so the
 * producer (the database sending a COPY) does not wait for it. At most `maxBytes` (plus one piece)
 * is held. A failure of the source reaches the consumer after the pieces read before it; a
 * consumer that stops early closes the source.
 */
export async function* readAhead<T extends { length: number }>(
  source: AsyncIterable<T>,
  maxBytes: number,
): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  const queue: T[] = [];
  let queued = 0;
  let finished = false;
  let stopped = false;
  let failure: { error: unknown } | null = null;
  let wakeConsumer: (() => void) | null = null;
  let wakeProducer: (() => void) | null = null;
  const wake = (which: "consumer" | "producer") => {
    const resolve = which === "consumer" ? wakeConsumer : wakeProducer;
    if (which === "consumer") wakeConsumer = null;
    else wakeProducer = null;
    resolve?.();
  };

  const producer = (async () => {
    try {
      while (!stopped) {
        if (queued >= maxBytes) {
          await new Promise<void>((resolve) => {
            wakeProducer = resolve;
          });
          continue;
        }
        const next = await iterator.next();
        if (next.done) break;
        queue.push(next.value);
        queued += next.value.length;
        wake("consumer");
      }
    } catch (error) {
      failure = { error };
    } finally {
      finished = true;
      wake("consumer");
    }
  })();

  try {
    for (;;) {
      const piece = queue.shift();
      if (piece !== undefined) {
        queued -= piece.length;
        wake("producer");
        yield piece;
        continue;
      }
      if (failure) throw (failure as { error: unknown }).error;
      if (finished) return;
      await new Promise<void>((resolve) => {
        wakeConsumer = resolve;
      });
    }
  } finally {
    if (!finished) {
      stopped = true;
      wake("producer");
      await producer;
      await iterator.return?.();
    }
  }
}
