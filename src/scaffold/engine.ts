/**
 * `syzygy new <id> --engine`: the poker-deck game of ./poker.ts plus a rules engine for it — a
 * copy of the template engine src/engine/_scaffold/ (an Oh Hell-shaped trick game that the tests
 * compile, type-check, lint and play like any engine) in src/engine/<id>/ with the id, name and
 * rule prefix filled in, its tables in data/<id>/rules.yaml and a reference sheet. The deck's suit
 * and rank become the engine's fields (its schema.ts), so game.yaml has no cardFields and
 * deck.yaml names the game's own deck schema.
 */
import fs from "node:fs";
import path from "node:path";
import type { ScaffoldFiles } from "./files";
import { pokerDeck, pokerGame, titleOf } from "./poker";
import { engineDataSource } from "../model/codegen";
import { PACKAGE_ROOT } from "../package-root";
import { SyzygyError } from "../errors";

/** The template engine's folder: a working game whose id, name and rule prefix are placeholders. */
export const TEMPLATE_DIR = path.join(PACKAGE_ROOT, "src", "engine", "_scaffold");

/**
 * The placeholders the template's strings and comments hold: its id, its display name, and the
 * prefix of its rule ids (TPL-3 → SW-3 for star-whist), each valid where it stands, so the
 * template runs as it is.
 */
export const PLACEHOLDERS = { id: "__ID__", name: "__NAME__", rule: "TPL-" } as const;

/** The prefix of the rule ids the engine cites: the initials of the id's words ("a-b" → "AB", so AB-3). */
export function rulePrefix(id: string): string {
  return id
    .split("-")
    .map((w) => w.charAt(0).toUpperCase())
    .join("");
}

export function filled(text: string, id: string, name: string): string {
  return text.split(PLACEHOLDERS.id).join(id).split(PLACEHOLDERS.name).join(name).split(PLACEHOLDERS.rule).join(`${rulePrefix(id)}-`);
}

/** rules.yaml's tables, as the template engine reads them (its data.gen.ts holds the same; a test checks). */
export const RULES = { players: { min: 2, max: 4 }, maxHand: 5, pointsPerTrick: 1, exactBonus: 10 };

/** The engine's fields of the poker deck, as `npm run gen` writes them into data.gen.ts. */
export function engineCards(): Record<string, unknown>[] {
  return pokerDeck().map((c) => ({ id: c.id, name: c.name, suit: c.suit, rank: c.rank }));
}

/** The template's source files (relative paths, "/"-separated), sorted; data.gen.ts is written from rules.yaml's values instead. */
export function templateFiles(dir: string = TEMPLATE_DIR): string[] {
  if (!fs.existsSync(dir)) throw new SyzygyError(`syzygy new --engine: the template engine ${dir} is missing (it comes with a clone of syzygy)`);
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const file = rel === "" ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(file);
      else if (e.name.endsWith(".ts") && e.name !== "data.gen.ts") out.push(file);
    }
  };
  walk("");
  return out.sort();
}

function rulesYaml(id: string, name: string): string {
  const p = rulePrefix(id);
  return `# yaml-language-server: $schema=../schema/${id}-rules.schema.json
# ${name} engine tables (read by src/engine/${id} through \`npm run gen\`): change them, then run
# \`npm run gen\` (syzygy simulate refuses to play stale tables).
rules:
  # ${p}-1: the players the game seats (game.yaml's players must say the same).
  players: { min: ${RULES.players.min}, max: ${RULES.players.max} }
  # ${p}-1: the largest hand; rounds deal 1, 2, … up to it and back down to 1.
  maxHand: ${RULES.maxHand}
  # ${p}-6: points for each trick taken, and for taking exactly the tricks bid.
  pointsPerTrick: ${RULES.pointsPerTrick}
  exactBonus: ${RULES.exactBonus}
`;
}

function referenceYaml(name: string): string {
  return `# yaml-language-server: $schema=../schema/reference.schema.json
# ${name} reference: prose for the players. Add a component with \`kind: sheet\` and
# \`from: reference\` to game.yaml to print it.
pages:
  - id: reference
    title: ${JSON.stringify(`${name} — Reference`)}
    sections:
      - heading: Deal
        text: "Round 1 deals one card each, every round one more up to the largest hand, then one fewer down to one. The next card is turned up: its suit is trump."
      - heading: Bid
        text: "From the player after the dealer, each player in turn says how many tricks they will take."
      - heading: Play
        text: "The player after the dealer leads. Follow the led suit if you can. The highest trump takes the trick, else the highest card of the led suit; its winner leads the next."
      - heading: Scoring
        text: "Each trick scores; taking exactly your bid scores a bonus. After the last round the highest total wins."
`;
}

function readme(id: string, name: string): string {
  return `# ${name}

Made with \`syzygy new ${id} --engine\`: a 52-card deck and a rules engine for an Oh Hell-shaped
trick game (public bids, a turned-up trump, hands 1…N…1) in src/engine/${id}/ (the rules are in
its index.ts header; the shared pieces come from src/engine/kit/). Add the game to \`GAMES\` in
src/games/list.ts, run \`npm run gen\` (its data.gen.ts), \`npx tsx scripts/make-playthroughs.ts ${id}\`
(its golden games) and \`npx tsx scripts/make-examples.ts ${id}\` (plays its example replay,
src/engine/${id}/examples/), then \`npm test\` and \`npx syzygy build ${id}\` — docs/engines.md
"Adding a game".

- game.yaml: the components, sizes and colours; deck.yaml: the cards (suit and rank are the
  engine's fields, see src/engine/${id}/schema.ts).
- rules.yaml: the largest hand and the points, read by the engine after \`npm run gen\`.
`;
}

export function engineGame(id: string): ScaffoldFiles {
  const name = titleOf(id);
  const files = pokerGame(id);
  const game = String(files.get(`data/${id}/game.yaml`));
  const cardFields = game.indexOf("# The deck's extra fields");
  const components = game.indexOf("components:");
  files.set(`data/${id}/game.yaml`, game.slice(0, cardFields) + game.slice(components));
  files.set(
    `data/${id}/deck.yaml`,
    String(files.get(`data/${id}/deck.yaml`))
      .replace("$schema=../schema/deck.schema.json", `$schema=../schema/${id}-deck.schema.json`)
      .replace("suit and rank are the cardFields of game.yaml.", `suit and rank are the engine's fields (src/engine/${id}/schema.ts).`),
  );
  files.set(`data/${id}/rules.yaml`, rulesYaml(id, name));
  files.set(`data/${id}/reference.yaml`, referenceYaml(name));
  files.set(`data/${id}/README.md`, readme(id, name));
  for (const file of templateFiles()) files.set(`engine/${id}/${file}`, filled(fs.readFileSync(path.join(TEMPLATE_DIR, file), "utf8"), id, name));
  // The first data.gen.ts, as `npm run gen` writes it: the engine compiles (and the CLI with it) before the first gen.
  files.set(`engine/${id}/data.gen.ts`, engineDataSource(id, "deck.yaml", engineCards(), RULES));
  // The example replay every engine game has (`syzygy replay`): a header whose game
  // `scripts/make-examples.ts <id>` plays to its end by the greedy policy.
  files.set(`engine/${id}/examples/${RULES.players.min}p.json`, `${JSON.stringify({ game: id, players: RULES.players.min, seed: "example", actions: [] }, null, 2)}\n`);
  return files;
}
