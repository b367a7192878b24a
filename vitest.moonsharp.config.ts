import { defineConfig } from "vitest/config";

/**
 * `npm run test:moonsharp`: the TTS whole-game tests (test/tts) with every fake table running the
 * save's script in MoonSharp 2.0.0.0 — the interpreter TTS embeds — instead of Lua 5.2, and the
 * MoonSharp-only checks (test/moonsharp: Node = Lua 5.2 = MoonSharp bytes, a game saved under one
 * culture resumed under another, the table self-check). Needs Mono (README, Tests).
 */
export default defineConfig({
  test: {
    include: ["test/tts/**/*.test.ts", "test/moonsharp/**/*.test.ts"],
    env: { SYZYGY_LUA: "moonsharp" },
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: "forks",
    maxWorkers: 2,
    isolate: false,
    setupFiles: ["test/setup/track-temp-dirs.ts"],
    globalSetup: ["test/setup/temp-dirs.ts"],
  },
});
