import { describe, expect, it } from "vitest";
import { readAhead } from "../src/repositories/model-data/read-ahead.ts";

// readAhead (model-data/read-ahead.ts): the source is read ahead of a slow consumer, never more
// than the limit, in order; its failure comes after what was read; an early stop closes it.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A source of `n` pieces of `size` bytes, counting what was taken from it. */
function source(n: number, size: number, failAt = -1) {
  const state = { taken: 0, closed: false };
  async function* pieces() {
    try {
      for (let i = 0; i < n; i++) {
        if (i === failAt) throw new Error(`failed at ${i}`);
        state.taken++;
        yield Buffer.alloc(size, i);
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, pieces: pieces() };
}

describe("readAhead", () => {
  it("reads ahead of a slow consumer up to the limit, and gives every piece in order", async () => {
    const { state, pieces } = source(20, 100);
    const seen: number[] = [];
    let mostAhead = 0;
    for await (const piece of readAhead(pieces, 350)) {
      await sleep(5);
      mostAhead = Math.max(mostAhead, state.taken - (seen.length + 1));
      seen.push(piece[0]!);
    }
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i));
    // Ahead while the consumer slept, and never more than the limit (350 bytes: 4 pieces) beyond one.
    expect(mostAhead).toBeGreaterThanOrEqual(3);
    expect(mostAhead).toBeLessThanOrEqual(5);
  });

  it("gives what came before a failure, then the failure", async () => {
    const { pieces } = source(10, 10, 4);
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const piece of readAhead(pieces, 1_000)) seen.push(piece[0]!);
      })(),
    ).rejects.toThrow("failed at 4");
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  it("closes the source when the consumer stops early", async () => {
    const { state, pieces } = source(1_000, 10);
    for await (const piece of readAhead(pieces, 100)) if (piece[0] === 2) break;
    expect(state.closed).toBe(true);
    expect(state.taken).toBeLessThan(20);
  });
});
