// The environment of a process that calculates: glibc asked for transparent huge pages.
//
// A calculation touches hundreds of megabytes of fresh typed arrays (the P&L lines, the kept
// detail, weight columns, the COPY buffers of the results); Node allocates their memory with
// glibc's calloc, and glibc maps every large block fresh. With 4 KB pages each page is one fault,
// zeroed by the kernel: on a virtual machine whose memory the host backs lazily that is about
// 12 µs a page (256 MB first touched in 0.8 s here). `glibc.malloc.hugetlb=1` (glibc 2.35 and
// later) makes malloc advise the kernel to back those blocks with 2 MB pages when the kernel's
// transparent huge pages are set to `madvise` or `always`: 512 times fewer faults. It is read once,
// when the process starts, so it must be in the environment the process is started with: the
// start command and `costflow bench run` set it for the processes they start. Elsewhere (another
// C library, or THP set to `never`) the setting does nothing. docs/performance.md, "Session 20".

/** The glibc tunable. */
export const HUGE_PAGES_TUNABLE = "glibc.malloc.hugetlb=1";

/**
 * `env` with the tunable added to GLIBC_TUNABLES (after the tunables already there), unless
 * COSTFLOW_HUGE_PAGES is "0" or GLIBC_TUNABLES already says how malloc should use huge pages.
 */
export function hugePageEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.COSTFLOW_HUGE_PAGES === "0") return env;
  const current = env.GLIBC_TUNABLES ?? "";
  if (/(^|:)glibc\.malloc\.hugetlb=/.test(current)) return env;
  return { ...env, GLIBC_TUNABLES: current ? `${current}:${HUGE_PAGES_TUNABLE}` : HUGE_PAGES_TUNABLE };
}
