/** Which games a command works on: the ones named, or every game of the data folder. */
import { gameIds } from "../model/load";
import { didYouMean } from "../model/suggest";
import { UsageError } from "./errors";

/** The games named on the command line (checked against the data folder), or all of them when none is named. */
export function selectGames(command: string, named: string[], dataDir: string): string[] {
  const known = gameIds(dataDir);
  for (const id of named) {
    if (!known.includes(id)) throw new UsageError(`${command}: unknown game "${id}"${didYouMean(id, known) || `; games in ${dataDir}: ${known.join(", ") || "none"}`}`);
  }
  if (named.length > 0) return named;
  if (known.length === 0) throw new UsageError(`${command}: ${dataDir} holds no game (a folder with a game.yaml); \`syzygy new <id>\` makes one`);
  return known;
}

/** Help text for a `[game...]` argument. */
export const GAMES_ARGUMENT_HELP = "game ids (default: every game in the data folder)";
