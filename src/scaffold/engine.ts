/**
 * `syzygy new <id> --engine`: the poker-deck game of ./poker.ts plus a rules engine for it — plain
 * trick taking (./engine-sources.ts) in src/engine/<id>/, its tables in data/<id>/rules.yaml and
 * a reference sheet. The deck's suit and rank become the engine's fields (its schema.ts), so
 * game.yaml has no cardFields and deck.yaml names the game's own deck schema.
 */
import type { ScaffoldFiles } from "./files";
import { pokerDeck, pokerGame, titleOf } from "./poker";
import { engineDataSource } from "../model/codegen";
import { ENGINE_SOURCES } from "./engine-sources";

/** The prefix of the rule ids the engine cites: the initials of the id's words ("a-b" → "AB", so AB-3). */
export function rulePrefix(id: string): string {
  return id
    .split("-")
    .map((w) => w.charAt(0).toUpperCase())
    .join("");
}

function filled(text: string, id: string, name: string): string {
  return text.split("__ID__").join(id).split("__NAME__").join(name).split("__P__").join(rulePrefix(id));
}

/** rules.yaml's tables, as the engine reads them (the text below writes the same values). */
const RULES = { players: { min: 2, max: 4 }, handSize: 5, rounds: 3, pointsPerTrick: 1 };

function rulesYaml(id: string, name: string): string {
  return `# yaml-language-server: $schema=../schema/${id}-rules.schema.json
# ${name} engine tables (read by src/engine/${id} through \`npm run gen\`): change them, then run
# \`npm run gen\` (syzygy simulate refuses to play stale tables).
rules:
  # ${rulePrefix(id)}-1: the players the game seats (game.yaml's players must say the same).
  players: { min: ${RULES.players.min}, max: ${RULES.players.max} }
  # Cards each player is dealt; a round is that many tricks.
  handSize: ${RULES.handSize}
  rounds: ${RULES.rounds}
  # ${rulePrefix(id)}-5
  pointsPerTrick: ${RULES.pointsPerTrick}
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
      - heading: Play
        text: "The player after the dealer leads. Follow the led suit if you can. The highest card of the led suit takes the trick, and its winner leads the next."
      - heading: Scoring
        text: "Each trick scores. After the last round the highest total wins."
`;
}

function readme(id: string, name: string): string {
  return `# ${name}

Made with \`syzygy new ${id} --engine\`: a 52-card deck and a rules engine for plain trick
taking, in src/engine/${id}/ (the rules are in its index.ts header; the trick pieces come from
src/engine/kit/trick.ts). Add the game to \`GAMES\` in src/games/list.ts, run \`npm run gen\`
(its data.gen.ts), \`npx tsx scripts/make-playthroughs.ts ${id}\` (its golden games) and
\`npx tsx scripts/make-examples.ts ${id}\` (plays its example replay, src/engine/${id}/examples/), then
\`npm test\` and \`npx syzygy build ${id}\` — docs/engines.md "Adding a game".

- game.yaml: the components, sizes and colours; deck.yaml: the cards (suit and rank are the
  engine's fields, see src/engine/${id}/schema.ts).
- rules.yaml: hand size, rounds and points, read by the engine after \`npm run gen\`.
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
  for (const [file, source] of ENGINE_SOURCES) files.set(`engine/${id}/${file}`, filled(source, id, name));
  // The first data.gen.ts, as `npm run gen` writes it: the engine compiles (and the CLI with it) before the first gen.
  const cards = pokerDeck().map((c) => ({ id: c.id, name: c.name, suit: c.suit, rank: c.rank }));
  files.set(`engine/${id}/data.gen.ts`, engineDataSource(id, "deck.yaml", cards, RULES));
  // The example replay every engine game has (`syzygy replay`): a header whose game
  // `scripts/make-examples.ts <id>` plays to its end by the greedy policy.
  files.set(`engine/${id}/examples/${RULES.players.min}p.json`, `${JSON.stringify({ game: id, players: RULES.players.min, seed: "example", actions: [] }, null, 2)}\n`);
  return files;
}
