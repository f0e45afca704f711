import type { Database } from "../client.ts";

/**
 * Reads of a finished run's result rows, remembered in the process: a run's rows are written once,
 * in the transaction that turns it FINISHED (publish-run.ts), and never change afterwards, so a
 * page read once is the same page for every later reader of that run. Many users of a company
 * open the same first pages of the latest run; each such read then costs no database round trip.
 *
 * What is NOT cached here, on purpose: which run is the latest (a new run may finish at any
 * moment), the run's meta, and anything read from model data (names can be renamed).
 *
 * One cache per database handle (tests open many databases in one process, whose run ids
 * repeat), least recently used first out, bounded by the number of rows held.
 */
const MAX_ROWS = 200_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  value: unknown;
  rows: number;
}

class RunReads {
  private readonly entries = new Map<string, Entry>();
  private rows = 0;

  get(key: string): Entry | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Drops every entry whose key starts with `prefix`. */
  forget(prefix: string): void {
    for (const [k, e] of this.entries) {
      if (!k.startsWith(prefix)) continue;
      this.entries.delete(k);
      this.rows -= e.rows;
    }
  }

  set(key: string, entry: Entry): void {
    if (entry.rows > MAX_ROWS / 10) return; // one huge page would evict everything else
    const old = this.entries.get(key);
    if (old) {
      this.rows -= old.rows;
      this.entries.delete(key);
    }
    this.entries.set(key, entry);
    this.rows += entry.rows;
    for (const [k, e] of this.entries) {
      if (this.rows <= MAX_ROWS && this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(k);
      this.rows -= e.rows;
    }
  }
}

const caches = new WeakMap<Database, RunReads>();

/** How many rows a cached value holds (arrays and pages count their rows, anything else 1). */
function rowsOf(value: unknown): number {
  const rows = Array.isArray(value) ? value : (value as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? rows.length + 1 : 1;
}

/**
 * `read()` once per (run, key) and database: `key` must name everything the read depends on
 * besides the company and the run. Failures are not remembered.
 */
export async function runRead<T>(
  db: Database,
  run: { companyId: number; calculationId: number },
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new RunReads();
    caches.set(db, cache);
  }
  const full = `${run.companyId}:${run.calculationId}:${key}`;
  const hit = cache.get(full);
  if (hit) return hit.value as T;
  const value = await read();
  cache.set(full, { value, rows: rowsOf(value) });
  return value;
}

/**
 * Forgets a run's reads: its rows are being deleted (superseded). A reader naming the run by id
 * (`?calculation=`) then sees what the database still keeps.
 */
export function forgetRun(db: Database, run: { companyId: number; calculationId: number }): void {
  caches.get(db)?.forget(`${run.companyId}:${run.calculationId}:`);
}
