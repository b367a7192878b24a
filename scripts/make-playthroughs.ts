/**
 * Writes the golden playthroughs (src/engine/<game>/playthroughs/*.txt): one seeded complete game
 * per case of scripts/playthroughs.ts `goldenCases()` (every game and player count, random and
 * greedy policy, and any other case a game's folder holds a transcript of, e.g. non-default
 * options), and deletes a default-named transcript no case names any more.
 * A new game: `npx tsx scripts/make-playthroughs.ts <game>` writes only its transcripts.
 * Otherwise run it only after a deliberate rule change, and review the diff:
 *   npx tsx scripts/make-playthroughs.ts [game...]
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { GAME_IDS } from "../src/engine/registry";
import { formatGolden, goldenCases, goldenPath, recordGolden, ROOT, transcriptFiles } from "./playthroughs";

const asked = process.argv.slice(2);
for (const id of asked) {
  if (!GAME_IDS.includes(id)) {
    process.stderr.write(`make-playthroughs: ${id} is not a game with an engine (src/games/list.ts): ${GAME_IDS.join(", ")}\n`);
    process.exit(2);
  }
}
const games = asked.length > 0 ? asked : GAME_IDS;
const written = new Set<string>();
for (const c of goldenCases(games)) {
  const file = goldenPath(c);
  const text = formatGolden(recordGolden(c));
  mkdirSync(dirname(join(ROOT, file)), { recursive: true });
  writeFileSync(join(ROOT, file), text);
  written.add(file);
  console.log(`${file}: ${text.split("\n").length - 1} lines`);
}
for (const id of games) {
  for (const file of transcriptFiles(id)) {
    if (!written.has(file)) {
      rmSync(join(ROOT, file));
      console.log(`${file}: removed (no case)`);
    }
  }
}
