import { defineConfig } from "vitest/config";
import { ISOLATED, LONG_FILES, SCALED } from "./vitest.config";

/**
 * `npm run test:long` (CI runs it): the files too slow for npm test's budget (LONG_FILES) and the
 * whole matrices of the files that run a quick subset in npm test (SCALED; `LONG` in test/long.ts).
 */
export default defineConfig({
  test: {
    env: { SYZYGY_LONG: "1" },
    testTimeout: 240_000,
    hookTimeout: 300_000,
    pool: "forks",
    setupFiles: ["test/setup/fixed-seeds.ts"],
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "long isolated", include: [...LONG_FILES, ...SCALED].filter((f) => ISOLATED.includes(f)), isolate: true } },
      { extends: true, test: { name: "long", include: [...LONG_FILES, ...SCALED].filter((f) => !ISOLATED.includes(f)), isolate: false } },
    ],
  },
});
