import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    // vitest leaves a core free by default; on CI's 2 cores the suite is CPU-bound, so use both.
    maxWorkers: 2,
  },
});
