import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/engine", "packages/contract", "packages/db", "apps/api", "apps/web"],
  },
});
