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
 * Each game's save is built once per worker: test files share their worker's modules
 * (vitest.config.ts), so the TTS files after the first reuse it. It is frozen — a test that
 * wants another save changes a copy — and its folder goes when the worker exits.
 */
const saves = new Map<string, Promise<Built>>();
function sharedSave(game: string): Promise<Built> {
  let built = saves.get(game);
  if (built === undefined) {
    built = buildFakeSave(game).then((b) => {
      process.once("exit", () => fs.rmSync(b.outDir, { recursive: true, force: true }));
      return deepFreeze(b);
    });
    saves.set(game, built);
  }
  return built;
}

function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === "object" && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x as object)) deepFreeze(v);
  }
  return x;
}

/**
 * One fake-TTS fixture per test file: builds the game's save before the tests, hands out tables
 * (`table()`, or `table(otherSave)`), and closes them and removes the temp output afterwards.
 */
export function useFakeTables(game: string): { readonly built: Built; table: (save?: SaveJson) => FakeTts } {
  let built: Built | undefined;
  const open: FakeTts[] = [];
  beforeAll(async () => {
    built = await sharedSave(game);
  }, slow(120_000));
  afterAll(() => {
    for (const t of open) t.close();
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

