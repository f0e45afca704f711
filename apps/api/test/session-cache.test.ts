import { describe, expect, it } from "vitest";
import { createSessionCache } from "../src/lib/session-cache.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("session cache", () => {
  it("serves a value for its window, then forgets it", async () => {
    const cache = createSessionCache<string>(40);
    cache.set("1:a", "alice", cache.epoch());
    expect(cache.get("1:a")).toBe("alice");
    expect(cache.get("1:b")).toBeUndefined();
    await sleep(60);
    expect(cache.get("1:a")).toBeUndefined();
  });

  it("does not keep a value read while a write cleared the cache", () => {
    const cache = createSessionCache<string>(10_000);
    const epoch = cache.epoch(); // a read starts
    cache.clear(); // a write runs meanwhile
    cache.set("1:a", "read before the write", epoch);
    expect(cache.get("1:a")).toBeUndefined();
    cache.set("1:a", "read after", cache.epoch());
    expect(cache.get("1:a")).toBe("read after");
  });

  it("clear forgets every session", () => {
    const cache = createSessionCache<number>(10_000);
    cache.set("1:a", 1, cache.epoch());
    cache.set("2:b", 2, cache.epoch());
    cache.clear();
    expect([cache.get("1:a"), cache.get("2:b")]).toEqual([undefined, undefined]);
  });
});
