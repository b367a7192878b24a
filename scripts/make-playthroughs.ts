/**
 * Writes the golden playthroughs (test/playthroughs/*.txt): one seeded complete game per case of
 * test/playthrough-helpers.ts `goldenCases()` (every game and player count, random and greedy
 * policy, a few non-default options), and deletes transcripts no case names any more.
 * Run it only after a deliberate rule change, and review the diff:
 *   npx tsx scripts/make-playthroughs.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileName, formatGolden, goldenCases, PLAYTHROUGH_DIR, recordGolden } from "../test/playthrough-helpers";

mkdirSync(PLAYTHROUGH_DIR, { recursive: true });
const written = new Set<string>();
for (const c of goldenCases()) {
  const name = fileName(c);
  const text = formatGolden(recordGolden(c));
  writeFileSync(join(PLAYTHROUGH_DIR, name), text);
  written.add(name);
  console.log(`${name}: ${text.split("\n").length - 1} lines`);
}
for (const name of readdirSync(PLAYTHROUGH_DIR)) {
  if (name.endsWith(".txt") && !written.has(name)) {
    rmSync(join(PLAYTHROUGH_DIR, name));
    console.log(`${name}: removed (no case)`);
  }
}
