import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "api",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // No calculation or upload thread started ahead of time (config.ts, spareThreads): every test
    // file starts an app, most never use them, and each costs seconds of CPU to start.
    env: { SPARE_THREADS: "0" },
  },
});
