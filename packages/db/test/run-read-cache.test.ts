import { describe, expect, it } from "vitest";
import type { Database } from "../src/client.ts";
import { forgetRun, runRead } from "../src/repositories/run-read-cache.ts";

// The cache only needs a distinct object per database handle.
const handle = () => ({}) as unknown as Database;

describe("runRead", () => {
  it("reads once per database, company, run and key", async () => {
    const a = handle();
    const b = handle();
    let reads = 0;
    const read = (value: string) => async () => {
      reads += 1;
      return { rows: [value] };
    };
    const run = { companyId: 1, calculationId: 7 };

    expect(await runRead(a, run, "page:0", read("first"))).toEqual({ rows: ["first"] });
    expect(await runRead(a, run, "page:0", read("again"))).toEqual({ rows: ["first"] });
    expect(reads).toBe(1);

    // Another database whose run ids repeat (tests), another company, another run, another page.
    expect(await runRead(b, run, "page:0", read("b"))).toEqual({ rows: ["b"] });
    expect(await runRead(a, { companyId: 2, calculationId: 7 }, "page:0", read("c2"))).toEqual({
      rows: ["c2"],
    });
    expect(await runRead(a, { companyId: 1, calculationId: 8 }, "page:0", read("r8"))).toEqual({
      rows: ["r8"],
    });
    expect(await runRead(a, run, "page:1", read("p1"))).toEqual({ rows: ["p1"] });
    expect(reads).toBe(5);
  });

  it("forgets a run whose rows are deleted, and only that run", async () => {
    const db = handle();
    const run = { companyId: 1, calculationId: 1 };
    const other = { companyId: 1, calculationId: 11 };
    await runRead(db, run, "k", async () => [1, 2, 3]);
    await runRead(db, other, "k", async () => [4]);
    forgetRun(db, run);
    expect(await runRead(db, run, "k", async () => [])).toEqual([]);
    expect(await runRead(db, other, "k", async () => [])).toEqual([4]);
  });

  it("does not remember a failed read", async () => {
    const db = handle();
    const run = { companyId: 1, calculationId: 1 };
    await expect(
      runRead(db, run, "k", async () => {
        throw new Error("connection lost");
      }),
    ).rejects.toThrow("connection lost");
    expect(await runRead(db, run, "k", async () => 42)).toBe(42);
  });

  it("lets the least recently used pages go beyond its row budget", async () => {
    const db = handle();
    const run = { companyId: 1, calculationId: 1 };
    const page = (n: number) => async () => ({ rows: new Array<number>(10_000).fill(n) });
    // 19 pages of 10,000 rows nearly fill the 200,000-row budget; page 0 is used again, so the
    // 20th page pushes out page 1.
    for (let i = 0; i < 19; i++) await runRead(db, run, `p${i}`, page(i));
    expect((await runRead(db, run, "p0", page(-1))).rows[0]).toBe(0);
    await runRead(db, run, "p19", page(19));
    expect((await runRead(db, run, "p0", page(-1))).rows[0]).toBe(0);
    expect((await runRead(db, run, "p1", page(-1))).rows[0]).toBe(-1);
  });
});
