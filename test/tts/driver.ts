/**
 * The table driver (./table-driver.ts) plus the per-file fixture tests use.
 */
import fs from "node:fs";
import { afterAll, beforeAll } from "vitest";
import type { SaveJson } from "./fake-tts";
import { FakeTts } from "./fake-tts";
import { buildFakeSave, type Built } from "./table-driver";

export * from "./table-driver";

/**
 * A whole-game test's time limit: MoonSharp (npm run test:moonsharp) interprets the script several
 * times slower than Lua 5.2 and runs in its own process, so its runs get four times as long.
 */
export function slow(ms: number): number {
  return process.env.SYZYGY_LUA === "moonsharp" ? 4 * ms : ms;
}

/**
 * One fake-TTS fixture per test file: builds the game's save before the tests, hands out tables
 * (`table()`, or `table(otherSave)`), and closes them and removes the temp output afterwards.
 */
export function useFakeTables(game: string): { readonly built: Built; table: (save?: SaveJson) => FakeTts } {
  let built: Built | undefined;
  const open: FakeTts[] = [];
  beforeAll(async () => {
    built = await buildFakeSave(game);
  }, 120_000);
  afterAll(() => {
    for (const t of open) t.close();
    if (built !== undefined) fs.rmSync(built.outDir, { recursive: true, force: true });
  });
  const current = (): Built => {
    if (built === undefined) throw new Error(`the ${game} save is built in beforeAll`);
    return built;
  };
  return {
    get built() {
      return current();
    },
    table(save?: SaveJson) {
      const t = new FakeTts(save ?? current().save);
      open.push(t);
      return t;
    },
  };
}

