import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/engine", "packages/contract", "packages/db", "apps/api", "apps/web"],
    // Two test files at a time on CI's two cores (Vitest's default, cores - 1, runs one): the API
    // suites spend much of their time waiting on their database and the job queue's polling.
    maxWorkers: 2,
  },
});
