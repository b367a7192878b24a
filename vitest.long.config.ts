import { defineConfig } from "vitest/config";
import { ALONE, ISOLATED, LONG_FILES, SCALED } from "./vitest.config";

/**
 * `npm run test:long` (CI runs it): the files too slow for npm test's budget (LONG_FILES) and the
 * whole matrices of the files that run a quick subset in npm test (SCALED; `LONG` in test/long.ts).
 */
const FILES = [...LONG_FILES, ...SCALED].filter((f) => !ALONE.includes(f));

/** The files of ALONE run after the others, one by one (package.json test:long). */
export default defineConfig({
  test: {
    env: { SYZYGY_LONG: "1" },
    testTimeout: 240_000,
    hookTimeout: 300_000,
    pool: "forks",
    setupFiles: ["test/setup/fixed-seeds.ts", "test/setup/track-temp-dirs.ts"],
    globalSetup: ["test/setup/temp-dirs.ts"],
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "long isolated", include: FILES.filter((f) => ISOLATED.includes(f)), isolate: true } },
      { extends: true, test: { name: "long", include: FILES.filter((f) => !ISOLATED.includes(f)), isolate: false } },
    ],
  },
});
