/**
 * What the test suite knows about games, derived: the games of the shipped data/ (with code or
 * without) and the games with an engine (src/games/list.ts). A test that runs "every game" reads
 * these, never a list of its own, so a new game's folder and its one line in GAMES are all the
 * suite needs to run it (docs/engines.md "Adding a game"; test/add-game.proof.ts proves it).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { gameIds } from "../src/model/load";
import { GAMES } from "../src/games/index";

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Every game of data/ (a folder with game.yaml), in the model's order: games with code by id, then the rest by id. */
export const DATA_GAMES: readonly string[] = gameIds(path.join(REPO, "data"));

/** The games with a rules engine, in GAMES order. */
export const ENGINE_GAMES: readonly string[] = GAMES.map((g) => g.id);

/** The games of data/ without an engine (a plain TTS save, no rules enforced). */
export const PLAIN_GAMES: readonly string[] = DATA_GAMES.filter((g) => !ENGINE_GAMES.includes(g));

/** Every player count the engine of `game` seats, min to max. */
export function playerCounts(game: string): number[] {
  const g = GAMES.find((d) => d.id === game);
  if (g === undefined) throw new Error(`${game} has no engine`);
  const out: number[] = [];
  for (let n = g.engine.minPlayers; n <= g.engine.maxPlayers; n++) out.push(n);
  return out;
}

/**
 * What the generic tests expect of one game beyond what they check of every game, read from the
 * game's own folder: src/engine/<game>/test-expectations.yaml (a game without it, or without
 * code, expects nothing more). Keys (each optional):
 *   cardsHeldApart: card components never held in a hand with the others (their own backs on purpose)
 *   printSheets: { <paper id>: sheets of paper its default two-sided PDF takes }
 */
export interface GameExpectations {
  cardsHeldApart?: string[];
  printSheets?: Record<string, number>;
}

export function expectations(game: string): GameExpectations {
  const file = path.join(REPO, "src/engine", game, "test-expectations.yaml");
  if (!existsSync(file)) return {};
  return parse(readFileSync(file, "utf8")) as GameExpectations;
}

/** The folder of a game's example replay files (`syzygy replay` input): src/engine/<game>/examples/. */
export const examplesDir = (game: string): string => path.join(REPO, "src/engine", game, "examples");

/** Every example replay file of every engine game, in GAMES order, then by name. */
export function exampleFiles(): { game: string; file: string }[] {
  return ENGINE_GAMES.flatMap((game) => {
    const dir = examplesDir(game);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => ({ game, file: path.join(dir, f) }));
  });
}
