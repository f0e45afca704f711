/**
 * How long a request's caller, once read, serves the same session's next GET requests
 * (docs/ARCHITECTURE.md, "Authentication"). A role, membership or session change made through
 * this process applies at once (every request that may write clears the cache); one made by
 * another API process of the same database applies within this window.
 */
export const SESSION_CACHE_MS = 1000;

/** Sessions kept beyond this are dropped oldest first. */
const MAX_SESSIONS = 10_000;

/**
 * The callers of recent read requests, by session (user and refresh family). Reading the caller
 * is one database round trip on every request; under load it was half the statements of a data
 * table page (docs/performance.md, "Load"). A value read while a write was in flight is not
 * kept: `epoch` changes with every clear, and `set` only stores what was read in the current one.
 */
export function createSessionCache<T>(windowMs = SESSION_CACHE_MS) {
  const entries = new Map<string, { value: T; until: number }>();
  let epoch = 0;
  return {
    /** The epoch to hand back to `set` with a value read from the database after this call. */
    epoch: () => epoch,
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: T, readInEpoch: number) {
      if (readInEpoch !== epoch) return;
      if (entries.size >= MAX_SESSIONS) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, until: Date.now() + windowMs });
    },
    /** Forgets every session: called before and after each request that may write. */
    clear() {
      epoch++;
      entries.clear();
    },
  };
}

export type SessionCache<T> = ReturnType<typeof createSessionCache<T>>;
