import { defineConfig } from "vitest/config";

/**
 * Test files that need a fresh module graph: they mock a module (vi.mock; test/test-config.test.ts
 * checks they are listed), or check what a new process starts with (watch's warm-up starts
 * from empty module-level caches). Every other file shares its worker's modules with the files
 * run before it, which saves re-importing fontkit, zod, sharp, pdfkit and the sources in each of
 * ~70 files (about a third of the suite's CPU time); such a file must undo what it changes in
 * the process (env, listeners, exit code).
 */
export const ISOLATED = ["test/gallery-server.test.ts", "test/watch.test.ts", "test/hostile-reads.test.ts"];

/**
 * npm test's time budget (≤ 90 s on an idle 2-core machine): these files run only in
 * `npm run test:long` (vitest.long.config.ts; CI runs it) — end to end through processes and a
 * browser, builds killed and failed on purpose, bots at every player count, installing into a TTS
 * folder, update packs, scaffolding, two games' TTS table rules (MoonSharp runs them too), the
 * simulate statistics in Lua, the hostile-input classes, what each command's process loads and which modules it defers, the page faults resvg's memory setting spares, the printed content and pieces read back from the PDFs, the
 * print-on-demand exports, the direct PDF art against svg-to-pdfkit for every face, the raster
 * process's per-face limits, that a build leaves no process running, and the
 * property tests `npm run fuzz` also runs at length. Each capability keeps a quicker check in
 * npm test. Files using `LONG` (test/long.ts) run a
 * quick subset here and their whole matrix there (SCALED).
 */
export const LONG_FILES = [
  "test/render-raster-limits.test.ts",
  "test/no-process-left.test.ts",
  "test/cli-build-imports.test.ts",
  "test/watch-gallery.test.ts",
  "test/output-safety.test.ts",
  "test/watch.test.ts",
  "test/watch-chokidar.test.ts",
  "test/tts/table-play.test.ts",
  "test/tts/install.test.ts",
  "test/update-pack.test.ts",
  "test/scaffold.test.ts",
  "test/designer-sheet.test.ts",
  "test/multi-deck.test.ts",
  "test/stale-output.test.ts",
  "test/print-ink.test.ts",
  "test/render-pdf-shared-fonts.test.ts",
  "test/model/build-property.test.ts",
  "test/validate-build-property.test.ts",
  "test/gallery-fuzz.test.ts",
  "test/model/fuzz.test.ts",
  "test/hostile-reads.test.ts",
  "test/print-pieces.test.ts",
  "test/print-content.test.ts",
  "test/render-pdf-art-direct.test.ts",
  "test/fonts.test.ts",
  "test/pod.test.ts",
  "test/gallery-pages.test.ts",
  "test/render-raster-pool.test.ts",
  "test/hostile-input.test.ts",
  "test/tts/lunar-trick.test.ts",
  "test/tts/solar-eclipse.test.ts",
  "test/parity-sim.test.ts",
  "test/cli-commands.test.ts",
  "test/defer-require.test.ts",
  "test/raster-memory.test.ts",
  "test/strangers-links.test.ts",
];
/**
 * test:long runs these after the rest, alone: a headless browser driving a watch process timed
 * out (CI, twice) while it shared the 2 cores with the print tests, and passes in seconds alone.
 */
export const ALONE = ["test/watch-gallery.test.ts"];

/**
 * `npm test` sets SYZYGY_NPM_TEST: only then are LONG_FILES left out. A run that names its files
 * (`npx vitest run test/watch.test.ts`, `npm run fuzz`, `npm run test:parity`) runs them.
 */
const LEFT_OUT = process.env.SYZYGY_NPM_TEST === "1" ? LONG_FILES : [];
export const SCALED = ["test/tts/people.test.ts", "test/tts/piece-guard.test.ts", "test/tts/table-guards.test.ts", "test/print-geometry.test.ts", "test/engine-contract.test.ts", "test/print-packing.test.ts", "test/tts/secrets.test.ts", "test/lunar-trick-properties.test.ts"];

/**
 * The Lua parity file runs as this many projects, each playing its part of every setup's seeds
 * (test/lua/harness.ts parityPart): one file is one worker, and `npm run test:parity`'s
 * 1 000 games per setup would keep a single worker busy for minutes.
 */
const PARITY = "test/parity.test.ts";
const PARITY_PARTS = 2;

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    setupFiles: ["test/setup/fixed-seeds.ts", "test/setup/track-temp-dirs.ts"],
    globalSetup: ["test/setup/temp-dirs.ts"],
    // vitest leaves a core free by default; on CI's 2 cores the suite is CPU-bound, so use both.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "isolated", include: ISOLATED, exclude: LEFT_OUT, isolate: true } },
      // test/moonsharp needs Mono: npm run test:moonsharp (vitest.moonsharp.config.ts) runs it.
      { extends: true, test: { name: "shared", include: ["test/**/*.test.ts"], exclude: [...ISOLATED, ...LEFT_OUT, PARITY, "test/moonsharp/**"], isolate: false } },
      ...Array.from({ length: PARITY_PARTS }, (_, i) => ({
        extends: true as const,
        test: { name: `parity ${i + 1}/${PARITY_PARTS}`, include: [PARITY], env: { SYZYGY_PARITY_PART: `${i + 1}/${PARITY_PARTS}` } },
      })),
    ],
  },
});
