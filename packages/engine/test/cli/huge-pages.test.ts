import { describe, expect, it } from "vitest";
import { HUGE_PAGES_TUNABLE, hugePageEnv } from "../../src/cli/huge-pages.ts";

describe("hugePageEnv", () => {
  it("asks glibc's malloc for transparent huge pages", () => {
    expect(HUGE_PAGES_TUNABLE).toBe("glibc.malloc.hugetlb=1");
    const env = hugePageEnv({ PATH: "/usr/bin" });
    expect(env).toEqual({ PATH: "/usr/bin", GLIBC_TUNABLES: "glibc.malloc.hugetlb=1" });
  });

  it("keeps the tunables already set, adding its own after them", () => {
    expect(hugePageEnv({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2" }).GLIBC_TUNABLES).toBe(
      "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1",
    );
  });

  it("leaves an explicit hugetlb setting, and COSTFLOW_HUGE_PAGES=0, as they are", () => {
    const explicit = { GLIBC_TUNABLES: "glibc.malloc.hugetlb=0" };
    expect(hugePageEnv(explicit)).toBe(explicit);
    const after = { GLIBC_TUNABLES: "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=2" };
    expect(hugePageEnv(after)).toBe(after);
    const off = { COSTFLOW_HUGE_PAGES: "0", GLIBC_TUNABLES: "glibc.malloc.arena_max=2" };
    expect(hugePageEnv(off)).toBe(off);
    // Not a hugetlb tunable, though its name ends the same way.
    expect(hugePageEnv({ GLIBC_TUNABLES: "x.glibc.malloc.hugetlbx=1" }).GLIBC_TUNABLES).toBe(
      "x.glibc.malloc.hugetlbx=1:glibc.malloc.hugetlb=1",
    );
  });
});
